import { requiredText } from '@bagshop/shared/schemas/fields';
import { ORDER_REASON_MAX } from '@bagshop/shared/schemas/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from './form-field.tsx';

interface ReasonDialogProps {
  show: boolean;
  title: string;
  /** What the item is, e.g. 'Cancel Campus Daypack?'. */
  question: string;
  /** Lines that say what will follow, e.g. the refund and why some of it is kept back. */
  details?: readonly string[];
  label: string;
  requiredMessage: string;
  maxMessage: string;
  confirmLabel: string;
  confirmVariant?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** A question that needs a written reason (cancel, return, rejecting a return). */
export function ReasonDialog({
  show,
  title,
  question,
  details = [],
  label,
  requiredMessage,
  maxMessage,
  confirmLabel,
  confirmVariant = 'danger',
  busy,
  onCancel,
  onConfirm,
}: ReasonDialogProps) {
  const schema = useMemo(
    () => z.object({ reason: requiredText(requiredMessage).max(ORDER_REASON_MAX, { error: maxMessage }) }),
    [requiredMessage, maxMessage],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });

  const close = () => {
    if (busy) return;
    reset();
    onCancel();
  };

  return (
    <Modal show={show} onHide={close} onExited={() => reset()} centered aria-labelledby="reason-dialog-title">
      <Form noValidate onSubmit={handleSubmit((values) => onConfirm(values.reason))}>
        <Modal.Header closeButton={!busy}>
          <Modal.Title id="reason-dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{question}</p>
          {details.map((line) => (
            <p key={line} className="small">
              {line}
            </p>
          ))}
          <TextField
            id="reason"
            label={label}
            rows={3}
            maxLength={ORDER_REASON_MAX}
            registration={register('reason')}
            error={errors.reason?.message}
            className="mb-0"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            Close
          </Button>
          <Button type="submit" variant={confirmVariant} disabled={busy}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
