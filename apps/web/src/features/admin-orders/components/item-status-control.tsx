import type { OrderItemDto } from '@bagshop/shared/order-types';
import type { ItemStatus } from '@bagshop/shared/orders';
import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { FiCheck, FiX } from 'react-icons/fi';
import { itemControl } from '../item-controls.ts';

interface ItemStatusControlProps {
  item: OrderItemDto;
  busy: boolean;
  onSave: (status: ItemStatus) => void;
  onApprove: () => void;
  onReject: () => void;
}

/** The next statuses the admin may choose and Save; Approve/Reject for a return; nothing for settled items. */
export function ItemStatusControl({ item, busy, onSave, onApprove, onReject }: ItemStatusControlProps) {
  const control = itemControl(item.status);
  const [chosen, setChosen] = useState<ItemStatus | ''>('');
  const name = item.product.name;

  if (control.kind === 'read-only') return <span className="small text-muted">No further changes</span>;
  if (control.kind === 'ship') return <span className="small text-muted">Waiting to be shipped</span>;

  if (control.kind === 'return-decision') {
    return (
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="success"
          onClick={onApprove}
          disabled={busy}
          aria-label={`Approve return of ${name}`}
        >
          <FiCheck aria-hidden="true" className="me-1" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onReject}
          disabled={busy}
          aria-label={`Reject return of ${name}`}
        >
          <FiX aria-hidden="true" className="me-1" />
          Reject
        </Button>
      </div>
    );
  }

  const id = `status-${item._id}`;
  return (
    <Form
      className="d-flex flex-wrap gap-2 align-items-center"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onSave(chosen);
      }}
    >
      <Form.Label htmlFor={id} className="visually-hidden">
        New status of {name}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        className="item-status-select"
        value={chosen}
        onChange={(e) => setChosen(e.target.value as ItemStatus | '')}
        disabled={busy}
      >
        <option value="">Change status…</option>
        {control.options.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </Form.Select>
      <Button type="submit" size="sm" variant="brand" disabled={busy || !chosen} aria-label={`Save status of ${name}`}>
        {busy ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
        Save
      </Button>
    </Form>
  );
}
