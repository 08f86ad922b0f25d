import type { CartLineDto } from '@bagshop/shared/catalogue-types';
import { formatINR } from '@bagshop/shared/pricing/money';
import { lineProblem, lineTotalPaise } from '../../../components/cart-rules.ts';
import { Price } from '../../../components/price.tsx';

/** The cart lines being ordered, read-only. */
export function CheckoutLines({ lines }: { lines: readonly CartLineDto[] }) {
  return (
    <ul className="list-unstyled mb-0" aria-label="Items in this order">
      {lines.map((line) => {
        const problem = lineProblem(line);
        return (
          <li key={line._id} className="order-item">
            <img className="order-item-img" src={line.image} alt="" />
            <div className="order-item-info">
              <p className="order-item-name mb-1">{line.name}</p>
              <p className="small text-muted mb-1">
                Colour: {line.color} · Qty {line.qty}
              </p>
              <Price price={line.price} final={line.price - line.discount} className="small" />
              {problem ? <p className="text-danger small mb-0 mt-1">{problem}</p> : null}
            </div>
            <div className="order-item-total">
              <span className="visually-hidden">Line total </span>
              <strong>{formatINR(lineTotalPaise(line))}</strong>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
