import type { PaymentMethod } from '@bagshop/shared/orders';
import { Form } from 'react-bootstrap';
import type { PaymentOption } from '../payment-options.ts';

interface PaymentMethodPickerProps {
  options: readonly PaymentOption[];
  chosen: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
}

/** Razorpay (when the shop takes cards), Wallet (with its balance) and, for small orders, Cash on Delivery. */
export function PaymentMethodPicker({ options, chosen, onChoose }: PaymentMethodPickerProps) {
  return (
    <fieldset>
      <legend className="h5 mb-3">Payment method</legend>
      <div className="d-grid gap-2">
        {options.map((option) => {
          const id = `payment-${option.method}`;
          return (
            <div
              key={option.method}
              className={`checkout-choice rounded border p-3${chosen === option.method ? ' is-chosen' : ''}${option.disabled ? ' is-disabled' : ''}`}
            >
              <Form.Check
                type="radio"
                id={id}
                name="payment-method"
                value={option.method}
                checked={chosen === option.method}
                disabled={option.disabled}
                onChange={() => onChoose(option.method)}
                label={<span className="fw-semibold">{option.label}</span>}
                aria-describedby={option.note ? `${id}-note` : undefined}
              />
              {option.note ? (
                <p id={`${id}-note`} className={`small mb-0 ms-4 ${option.disabled ? 'text-danger' : 'text-muted'}`}>
                  {option.note}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
