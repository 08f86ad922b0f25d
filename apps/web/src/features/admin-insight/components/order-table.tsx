import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto, SalesReportOrderRow, SalesReportTotals } from '@bagshop/shared/insight-types';
import { PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus, statusCounts } from '@bagshop/shared/orders';
import { Badge, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { orderDate, PAYMENT_METHOD_LABELS } from '../../../components/order-rules.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { ItemStatusBadge, PaymentStatusBadge } from '../../../components/status-badge.tsx';
import { pageNote } from '../insight-query.ts';
import { RupeeCells } from './rupee-cells.tsx';

const count = new Intl.NumberFormat('en-IN');
const MONEY = ['gross', 'offerDiscount', 'couponDiscount', 'tax', 'shipping', 'net', 'refunded'] as const;

const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);

function Payment({ order }: { order: SalesReportOrderRow }) {
  return (
    <>
      <div>{PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod}</div>
      {isPaymentStatus(order.paymentStatus) ? (
        <PaymentStatusBadge status={order.paymentStatus} />
      ) : (
        <Badge bg="secondary">{order.paymentStatus}</Badge>
      )}
    </>
  );
}

interface OrderTableProps {
  orders: SalesReportOrderRow[];
  totals: SalesReportTotals;
  /** Which page of the period's orders `orders` is. */
  page?: NonNullable<SalesReportDto['orderPage']>;
}

/**
 * The paid orders of the period with their money; the footer is the totals of all of them. The order, its customer
 * and the day it was paid share the first column, so that every column shows at 1280 px beside the admin menu
 * (docs/decisions/059-screen-edges.md).
 */
export function OrderTable({ orders, totals, page }: OrderTableProps) {
  const note = pageNote(page, orders.length);
  return (
    <ScrollRegion label={INSIGHT_MSG.reportOrders}>
      <Table hover size="sm" className="report-orders align-middle mb-0">
        <caption className="caption-top text-body">
          <span className="h5">Orders</span>
          {note ? <span className="ms-2 text-muted">{note}</span> : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              Units
            </th>
            {['Gross', 'Offer', 'Coupon', 'Tax', 'Shipping', 'Net', 'Refunded'].map((header) => (
              <th key={header} scope="col" className="text-end">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <th scope="row" className="fw-normal">
                <Link
                  to={`/admin/orders/edit/${encodeURIComponent(order.orderId)}`}
                  className="fw-semibold text-nowrap"
                >
                  {order.orderNumber}
                </Link>
                <div title={order.email}>
                  {order.customer}
                  <span className="visually-hidden">, {order.email}</span>
                </div>
                <div className="text-muted text-nowrap" title={`Placed ${orderDate(order.placedAt)}`}>
                  Paid {orderDate(order.paidAt)}
                </div>
              </th>
              <td>
                <Payment order={order} />
              </td>
              <td>
                <div className="d-flex flex-wrap gap-1">
                  {statusCounts(order.itemStatuses).map(({ status, count: n }) => (
                    <span key={status} className="text-nowrap">
                      <ItemStatusBadge status={status} />
                      {n > 1 ? <span className="small ms-1">×{n}</span> : null}
                    </span>
                  ))}
                </div>
              </td>
              <td className="text-end">{count.format(order.units)}</td>
              <RupeeCells keys={MONEY} amountOf={(key) => order[key]} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row" colSpan={3}>
              Total, {totals.orders === 1 ? 'the one order' : `all ${count.format(totals.orders)} orders`}
            </th>
            <td className="text-end">{count.format(totals.units)}</td>
            <RupeeCells keys={MONEY} amountOf={(key) => totals[key]} />
          </tr>
        </tfoot>
      </Table>
    </ScrollRegion>
  );
}
