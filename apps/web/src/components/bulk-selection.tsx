import { MSG } from '@bagshop/shared/messages';
import type { BulkBlockAnswer, BulkBlockInput } from '@bagshop/shared/schemas/admin-lists';
import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FiLock, FiUnlock } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { errorMessage } from '../api/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** The rows ticked on the page shown; a new page (or rows gone from it) drops what is no longer there. */
export function useBulkSelection(pageIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageKey = pageIds.join(',');

  useEffect(() => {
    const onPage = new Set(pageKey ? pageKey.split(',') : []);
    setSelected((current) => {
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [pageKey]);

  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return {
    selected,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(pageIds)),
    clear: () => setSelected(new Set()),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;

/** The page's select-all box, half ticked when only some rows are. */
export function SelectAllBox({ selection, label }: { selection: BulkSelection; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.someSelected;
  }, [selection.someSelected]);
  return (
    <Form.Check
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={selection.allSelected}
      onChange={selection.toggleAll}
    />
  );
}

export function SelectRowBox({ selection, id, name }: { selection: BulkSelection; id: string; name: string }) {
  return (
    <Form.Check
      type="checkbox"
      aria-label={`Select ${name}`}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}

interface BulkBlockBarProps {
  selection: BulkSelection;
  /** Singular and plural, e.g. ['product', 'products']. */
  noun: readonly [string, string];
  run: (input: BulkBlockInput) => { unwrap: () => Promise<BulkBlockAnswer> };
  busy: boolean;
  /** What blocking does, e.g. 'Shoppers can no longer buy them until they are unblocked.' */
  blockEffect: string;
  unblockEffect: string;
}

/** Block or unblock every ticked row in one call, after a confirmation; Cancel changes nothing. */
export function BulkBlockBar({ selection, noun, run, busy, blockEffect, unblockEffect }: BulkBlockBarProps) {
  const [pending, setPending] = useState<BulkBlockInput['action'] | null>(null);
  const count = selection.selected.size;
  if (count === 0 && pending === null) return null;
  const what = `${count} ${count === 1 ? noun[0] : noun[1]}`;

  async function confirm() {
    if (!pending) return;
    try {
      const answer = await run({ ids: [...selection.selected], action: pending }).unwrap();
      toast.success(answer.message);
      selection.clear();
    } catch (failure) {
      toast.error(errorMessage(failure, MSG.actionFailed));
    }
    setPending(null);
  }

  return (
    <section className="d-flex flex-wrap align-items-center gap-2 mb-3 bulk-bar" aria-label="Bulk actions">
      <span className="small fw-semibold" aria-live="polite">
        {what} selected
      </span>
      <Button size="sm" variant="outline-secondary" onClick={() => setPending('block')} disabled={busy}>
        <FiLock aria-hidden="true" className="me-1" />
        Block selected
      </Button>
      <Button size="sm" variant="outline-success" onClick={() => setPending('unblock')} disabled={busy}>
        <FiUnlock aria-hidden="true" className="me-1" />
        Unblock selected
      </Button>
      <Button size="sm" variant="link" onClick={selection.clear} disabled={busy}>
        Clear selection
      </Button>
      <ConfirmDialog
        show={pending !== null}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        confirmVariant={pending === 'unblock' ? 'success' : 'danger'}
      >
        {pending === 'block' ? `Block ${what}? ${blockEffect}` : `Unblock ${what}? ${unblockEffect}`}
      </ConfirmDialog>
    </section>
  );
}
