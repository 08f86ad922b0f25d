import type { ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';

interface InputGroupFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  size?: 'sm' | 'lg';
  labelClassName?: string;
  /** Classes of the group around label, input and messages; `mb-3` unless given. */
  className?: string;
  /** The input (with `id` from the group) and its add-ons, in order. */
  children: ReactNode;
}

/**
 * A labelled input with add-ons (₹ before it, a button after it): the error sits inside the input group so
 * Bootstrap shows it under the whole group, the hint under that.
 */
export function InputGroupField({
  id,
  label,
  error,
  hint,
  size,
  labelClassName,
  className = 'mb-3',
  children,
}: InputGroupFieldProps) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      <InputGroup hasValidation size={size}>
        {children}
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
      {hint ? (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}
