import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FiEye, FiEyeOff } from 'react-icons/fi';
import { InputGroupField } from '../../../components/input-group-field.tsx';

interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}

/** A labelled password input with a show/hide toggle and its error text underneath. */
export function PasswordField({ id, label, registration, error, autoComplete, hint }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <InputGroupField id={id} label={label} error={error} hint={hint}>
      <Form.Control
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...registration}
      />
      <Button
        variant="outline-secondary"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        aria-pressed={visible}
        aria-controls={id}
      >
        {visible ? <FiEyeOff aria-hidden="true" /> : <FiEye aria-hidden="true" />}
      </Button>
    </InputGroupField>
  );
}
