import { useEffect, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { FiMinus, FiPlus } from 'react-icons/fi';
import { canDecrease, canIncrease, typedQuantity } from './quantity-rules.ts';

interface QuantityStepperProps {
  id: string;
  value: number;
  /** Units in stock; the stepper stops at min(5, stock). */
  stock: number;
  onChange: (qty: number) => void;
  /** What the quantity is of, for screen readers ("Quantity of Leather tote"); omit when the page is about one item. */
  itemName?: string;
  disabled?: boolean;
}

/** Minus, a typed quantity and plus (docs/product.md §5 "Cart quantity"). */
export function QuantityStepper({ id, value, stock, onChange, itemName, disabled }: QuantityStepperProps) {
  const of = itemName ? ` of ${itemName}` : '';
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const typed = (text: string) => {
    setDraft(text);
    const qty = typedQuantity(text, stock);
    if (qty !== null && qty !== value) onChange(qty);
  };

  return (
    <InputGroup size="sm" className="quantity-stepper">
      <Button
        variant="outline-secondary"
        onClick={() => onChange(value - 1)}
        disabled={disabled || !canDecrease(value)}
        aria-label={`Decrease quantity${of}`}
      >
        <FiMinus aria-hidden="true" />
      </Button>
      <Form.Control
        id={id}
        aria-label={`Quantity${of}`}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft}
        disabled={disabled}
        onChange={(e) => typed(e.target.value)}
        onBlur={() => setDraft(String(value))}
        className="text-center"
      />
      <Button
        variant="outline-secondary"
        onClick={() => onChange(value + 1)}
        disabled={disabled || !canIncrease(value, stock)}
        aria-label={`Increase quantity${of}`}
      >
        <FiPlus aria-hidden="true" />
      </Button>
    </InputGroup>
  );
}
