import type { HTMLAttributes } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface BaseFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  className?: string;
}

interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  autoCapitalize?: HTMLAttributes<HTMLInputElement>['autoCapitalize'];
  spellCheck?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** Marks the field without a message of its own (the form explains the problem once). */
  invalid?: boolean;
}

function describedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      ) : null}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </>
  );
}

/** A labelled input with its error text underneath. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  rows,
  invalid,
  ...input
}: TextFieldProps) {
  const state = {
    isInvalid: invalid ?? Boolean(error),
    'aria-invalid': (invalid ?? error) ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  return (
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      {rows ? (
        <Form.Control {...input} {...registration} {...state} as="textarea" rows={rows} />
      ) : (
        <Form.Control {...input} {...registration} {...state} />
      )}
      <FieldNotes id={id} error={error} hint={hint} />
    </Form.Group>
  );
}

interface SelectFieldProps extends BaseFieldProps {
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  autoComplete?: string;
}

/** A labelled dropdown whose first, empty option is the placeholder. */
export function SelectField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  placeholder,
  options,
  autoComplete,
}: SelectFieldProps) {
  return (
    <Form.Group controlId={id} className={className ?? 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        {...registration}
        autoComplete={autoComplete}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <FieldNotes id={id} error={error} hint={hint} />
    </Form.Group>
  );
}
