import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  busyText?: string;
}

/** A full-width submit button that is disabled and shows a spinner while the request runs. */
export function SubmitButton({ busy, children, busyText }: SubmitButtonProps) {
  return (
    <Button type="submit" className="btn-brand w-100 py-2" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
      {busy && busyText ? busyText : children}
    </Button>
  );
}
