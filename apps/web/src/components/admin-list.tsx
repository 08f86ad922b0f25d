import { MSG } from '@bagshop/shared/messages';
import { type ReactNode, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { FiEdit2, FiLock, FiPlus, FiTrash2, FiUnlock } from 'react-icons/fi';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../api/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListPageFrame, listCount } from './list-page-frame.tsx';
import { EmptyState, LoadFailed, LoadingState } from './load-states.tsx';
import { SearchBox } from './search-box.tsx';
import { useClampPage, type useListParams } from './use-list-params.ts';

interface AdminListProps {
  title: string;
  /** Singular and plural, e.g. ['offer', 'offers']. */
  noun: [string, string];
  /** Where the Add button leads; no Add button without it. */
  addTo?: string;
  addLabel?: string;
  searchId: string;
  /** The search box's name for screen readers; `Search <plural>` unless given. */
  searchLabel?: string;
  searchPlaceholder: string;
  /** More tools beside the search, e.g. rows per page and an export. */
  extraTools?: ReactNode;
  list: ReturnType<typeof useListParams>;
  result: {
    data?: { total: number; pages: number };
    isLoading: boolean;
    isFetching: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  loadFailed: string;
  isEmpty: boolean;
  emptyText: string;
  /** A setting of the whole list's kind, shown above the rows (e.g. the rounding of prices after offers). */
  intro?: ReactNode;
  children: ReactNode;
}

/** An admin list: heading with count, search, an Add button if there is one, the rows (or loading/empty/error) and pages. */
export function AdminList({
  title,
  noun,
  addTo,
  addLabel,
  searchId,
  searchLabel = `Search ${noun[1]}`,
  searchPlaceholder,
  extraTools,
  list,
  result,
  loadFailed,
  isEmpty,
  emptyText,
  intro,
  children,
}: AdminListProps) {
  const { data, isLoading, isFetching, error, refetch } = result;
  useClampPage(list.page, data?.pages);

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text={`Loading ${noun[1]}…`} />;
  } else if (error || !data) {
    body = (
      <LoadFailed className="m-3" message={errorMessage(error, loadFailed)} onRetry={refetch} retrying={isFetching} />
    );
  } else if (isEmpty) {
    body = <EmptyState title={emptyText} />;
  } else {
    body = children;
  }

  return (
    <ListPageFrame
      title={title}
      summary={data ? listCount(data.total, noun, list.keyword) : null}
      refreshing={isFetching}
      tools={
        <div className="d-flex flex-wrap gap-2 admin-list-tools">
          <SearchBox
            id={searchId}
            className="admin-list-search"
            label={searchLabel}
            placeholder={searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
          {extraTools}
          {addTo ? (
            <Link to={addTo} className="btn btn-brand">
              <FiPlus aria-hidden="true" className="me-1" />
              {addLabel}
            </Link>
          ) : null}
        </div>
      }
      paging={data ? { page: list.page, pages: data.pages, onChange: list.goTo } : null}
    >
      {intro}
      {body}
    </ListPageFrame>
  );
}

/** Active or Blocked, as every catalogue list shows it. */
export function StateBadge({ active, label }: { active: boolean; label?: string }) {
  if (!active) return <Badge bg="danger">Blocked</Badge>;
  return <Badge bg="success">{label ?? 'Active'}</Badge>;
}

export interface ListItem {
  _id: string;
  name: string;
  isExist: boolean;
}

export type RowAction<T extends ListItem> = { kind: 'toggle' | 'delete'; item: T };

interface RowActionsProps<T extends ListItem> {
  item: T;
  editTo: string;
  onAction: (action: RowAction<T>) => void;
}

/** Edit, Block/Unblock and Delete for one row, each named after the row for screen readers. */
export function RowActions<T extends ListItem>({ item, editTo, onAction }: RowActionsProps<T>) {
  return (
    <div className="d-flex gap-2 flex-wrap">
      <Link to={editTo} className="btn btn-sm btn-outline-brand" aria-label={`Edit ${item.name}`}>
        <FiEdit2 aria-hidden="true" className="me-1" />
        Edit
      </Link>
      <Button
        size="sm"
        variant={item.isExist ? 'outline-secondary' : 'outline-success'}
        onClick={() => onAction({ kind: 'toggle', item })}
        aria-label={`${item.isExist ? 'Block' : 'Unblock'} ${item.name}`}
      >
        {item.isExist ? (
          <FiLock aria-hidden="true" className="me-1" />
        ) : (
          <FiUnlock aria-hidden="true" className="me-1" />
        )}
        {item.isExist ? 'Block' : 'Unblock'}
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() => onAction({ kind: 'delete', item })}
        aria-label={`Delete ${item.name}`}
      >
        <FiTrash2 aria-hidden="true" className="me-1" />
        Delete
      </Button>
    </div>
  );
}

interface RowActionDialogOptions {
  toggle: (id: string) => { unwrap: () => Promise<{ message: string }> };
  remove: (id: string) => { unwrap: () => Promise<{ message: string }> };
  busy: boolean;
  /** The question for a pending action, e.g. 'Delete Backpacks? …'. */
  question: (action: RowAction<ListItem>) => string;
}

/** The confirmation before Block/Unblock or Delete, then the server's message as a toast. */
export function useRowActionDialog<T extends ListItem>({ toggle, remove, busy, question }: RowActionDialogOptions) {
  const [pending, setPending] = useState<RowAction<T> | null>(null);

  async function confirm() {
    if (!pending) return;
    try {
      const call = pending.kind === 'toggle' ? toggle : remove;
      const answer = await call(pending.item._id).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, MSG.actionFailed));
    }
    setPending(null);
  }

  const dialog = (
    <ConfirmDialog
      show={pending !== null}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={confirm}
      confirmVariant={pending?.kind === 'toggle' && !pending.item.isExist ? 'success' : 'danger'}
    >
      {pending ? question(pending) : null}
    </ConfirmDialog>
  );
  return { ask: setPending, dialog };
}
