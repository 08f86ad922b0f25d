import type { OrderItemDto } from '@bagshop/shared/order-types';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import type { ReactNode } from 'react';
import { lineTotalPaise, unitFinalPaise } from '../../../components/order-rules.ts';
import { rupees } from '../../../components/price.tsx';

interface OrderItemCardProps {
  item: OrderItemDto;
  /** Status badge, reasons, refunds and actions below the figures. */
  children?: ReactNode;
}

/** One ordered item: picture, name, colour, quantity, price, price after offer and line total. */
export function OrderItemCard({ item, children }: OrderItemCardProps) {
  const { product } = item;
  const discounted = toPaise(item.discount) > 0;
  return (
    <li className="order-item">
      <img className="order-item-img" src={product.pdImage[0] ?? ''} alt="" />
      <div className="order-item-info">
        <p className="order-item-name mb-1">{product.name}</p>
        <dl className="order-item-facts">
          <dt>Colour</dt>
          <dd>{product.color}</dd>
          <dt>Quantity</dt>
          <dd>{item.qty}</dd>
          <dt>Price</dt>
          <dd>{discounted ? <del>{rupees(product.price)}</del> : rupees(product.price)}</dd>
          {discounted ? (
            <>
              <dt>Discounted price</dt>
              <dd>{formatINR(unitFinalPaise(item))}</dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd className="fw-semibold">{formatINR(lineTotalPaise(item))}</dd>
        </dl>
        {children}
      </div>
    </li>
  );
}
