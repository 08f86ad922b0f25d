import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';

interface ConfirmDialogProps {
  show: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** docs/product.md §2: deletions ask 'Are you sure?'. */
  title?: string;
  children?: ReactNode;
  confirmLabel?: string;
  confirmVariant?: string;
  busy?: boolean;
}

/** A yes/cancel question before a destructive action. */
export function ConfirmDialog({
  show,
  onConfirm,
  onCancel,
  title = 'Are you sure?',
  children,
  confirmLabel = 'Yes',
  confirmVariant = 'danger',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={busy ? () => undefined : onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children ? <Modal.Body>{children}</Modal.Body> : null}
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
