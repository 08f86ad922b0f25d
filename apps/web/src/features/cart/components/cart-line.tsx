import type { CartLineDto } from '@bagshop/shared/catalogue-types';
import { formatINR } from '@bagshop/shared/pricing/money';
import { Button } from 'react-bootstrap';
import { FiTrash2 } from 'react-icons/fi';
import { Link } from 'react-router';
import { lineProblem, lineTotalPaise } from '../../../components/cart-rules.ts';
import { Price } from '../../../components/price.tsx';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';

interface CartLineProps {
  line: CartLineDto;
  busy: boolean;
  onQuantity: (qty: number) => void;
  onRemove: () => void;
}

/** One cart line: picture, name, colour, quantity, unit price, line total and remove. */
export function CartLine({ line, busy, onQuantity, onRemove }: CartLineProps) {
  const problem = lineProblem(line);
  return (
    <li className="cart-line">
      <Link to={`/details/${line.productId}`} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <img className="cart-line-img" src={line.image} alt="" />
      </Link>
      <div className="cart-line-info">
        <Link to={`/details/${line.productId}`} className="cart-line-name">
          {line.name}
        </Link>
        <p className="text-muted small mb-1">Colour: {line.color}</p>
        <Price price={line.price} final={line.price - line.discount} className="small" />
        {problem && <p className="text-danger small mb-0 mt-1">{problem}</p>}
      </div>
      <div className="cart-line-qty">
        <QuantityStepper
          id={`qty-${line._id}`}
          value={line.qty}
          stock={line.originalQuantity}
          onChange={onQuantity}
          itemName={line.name}
          disabled={busy || !line.available}
        />
      </div>
      <div className="cart-line-total">
        <span className="visually-hidden">Line total </span>
        <strong>{formatINR(lineTotalPaise(line))}</strong>
      </div>
      <Button
        variant="link"
        className="cart-line-remove text-danger"
        onClick={onRemove}
        disabled={busy}
        aria-label={`Remove ${line.name} from cart`}
      >
        <FiTrash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
