import { GST_TEXT } from '@bagshop/shared/gst/gst-texts';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { toPaise } from '@bagshop/shared/pricing/money';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FiCreditCard } from 'react-icons/fi';
import { PAYMENT_METHOD_LABELS } from './order-rules.ts';
import { rupees } from './price.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';

type PaymentFigures = Pick<
  OrderDto,
  | 'paymentMethod'
  | 'paymentStatus'
  | 'totalPrice'
  | 'shippingPrice'
  | 'tax'
  | 'pricesIncludeGst'
  | 'totalDiscount'
  | 'couponDiscount'
  | 'finalAmount'
  | 'cardRefund'
>;

/** A card payment the shop handed back: how much, and whether it is still on its way. */
export function cardRefundText(refund: NonNullable<OrderDto['cardRefund']>): string {
  const amount = rupees(refund.amount);
  return refund.pending ? ORDER_SCREEN_MSG.cardRefundPending(amount) : ORDER_SCREEN_MSG.cardRefunded(amount);
}

/** Payment method and status with the order's figures; discounts shown negative (docs/product.md §2). */
export function PaymentCard({ order, children }: { order: PaymentFigures; children?: ReactNode }) {
  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 text-uppercase text-muted mb-3">
          <FiCreditCard aria-hidden="true" className="me-2" />
          Payment
        </h2>
        <dl className="summary-list">
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</dd>
          <dt>Status</dt>
          <dd>
            <PaymentStatusBadge status={order.paymentStatus} />
          </dd>
          {order.cardRefund ? (
            <>
              <dt>Card refund</dt>
              <dd>{cardRefundText(order.cardRefund)}</dd>
            </>
          ) : null}
          <dt>Subtotal</dt>
          <dd>{rupees(order.totalPrice)}</dd>
          <dt>Shipping</dt>
          <dd>{toPaise(order.shippingPrice) === 0 ? 'Free' : rupees(order.shippingPrice)}</dd>
          <dt>{order.pricesIncludeGst ? GST_TEXT.summaryLine(true) : 'Tax'}</dt>
          <dd>{rupees(order.tax)}</dd>
          <dt>Discount</dt>
          <dd className="text-success">−{rupees(order.totalDiscount)}</dd>
          {toPaise(order.couponDiscount) > 0 ? (
            <>
              <dt>Coupon discount</dt>
              <dd className="text-success">−{rupees(order.couponDiscount)}</dd>
            </>
          ) : null}
          <dt className="summary-final">Total</dt>
          <dd className="summary-final">{rupees(order.finalAmount)}</dd>
        </dl>
        {children}
      </Card.Body>
    </Card>
  );
}
