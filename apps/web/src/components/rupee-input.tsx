import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { InputGroupField } from './input-group-field.tsx';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'inputMode' | 'size' | 'children' | 'value'> & {
  value?: string | number;
};

interface RupeeInputProps extends InputProps {
  id: string;
  label: ReactNode;
  /** The field's message, shown under it and read with it. */
  error?: string;
  hint?: ReactNode;
  size?: 'sm' | 'lg';
  labelClassName?: string;
  /** Classes of the group around label, input and messages; `mb-3` unless given. */
  className?: string;
  /** Placed after the input inside the group, e.g. the form's submit button. */
  append?: ReactNode;
}

/**
 * The one amount field (docs/decisions/018-web-client-and-screens.md): rupees typed as text with a ₹ before them,
 * the decimal keypad on phones, the label as its accessible name and "Indian rupees" as its description.
 * The shared schemas check the value (at most two decimals, limits) and give the messages; it takes
 * react-hook-form's `register(...)` spread (ref included) or `value`/`onChange`.
 */
export function RupeeInput({
  id,
  label,
  error,
  hint,
  size,
  labelClassName,
  className = 'mb-3',
  append,
  ...input
}: RupeeInputProps) {
  const describedBy = [`${id}-currency`, error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <InputGroupField
      id={id}
      label={label}
      error={error}
      hint={hint}
      size={size}
      labelClassName={labelClassName}
      className={className}
    >
      <InputGroup.Text id={`${id}-currency`}>
        <span aria-hidden="true">₹</span>
        <span className="visually-hidden">Indian rupees</span>
      </InputGroup.Text>
      <Form.Control
        {...input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {append}
    </InputGroupField>
  );
}
