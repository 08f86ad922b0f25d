import { MSG } from '@bagshop/shared/messages';
import type { UserSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminUserRow } from '@bagshop/shared/types';
import { Badge, Button, Card, Table } from 'react-bootstrap';
import { FiLock, FiTrash2, FiUnlock } from 'react-icons/fi';
import { type BulkSelection, SelectAllBox, SelectRowBox } from '../../../components/bulk-selection.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { EmptyState } from '../../../components/load-states.tsx';
import { orderDate } from '../../../components/order-rules.ts';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import type { SortOption } from '../../../components/sort-select.tsx';
import type { useListView } from '../../../components/use-list-params.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const USER_SORT_OPTIONS: SortOption<UserSort>[] = [
  { column: 'createdAt', label: 'Joined', kind: 'date' },
  { column: 'name', label: 'Name', kind: 'text' },
  { column: 'email', label: 'Email', kind: 'text' },
];

export type UserAction = { kind: 'toggle' | 'delete'; user: AdminUserRow };

interface UsersTableProps {
  users: AdminUserRow[];
  /** The signed-in admin, who can neither block nor delete themself. */
  currentUserId: string | null;
  onAction: (action: UserAction) => void;
  selection: BulkSelection;
  view: Pick<ReturnType<typeof useListView<UserSort>>, 'sort' | 'dir' | 'sortBy'>;
}

/** The day the account was made, on the shop's clock in India. */
export function joinedOn(iso: string) {
  return orderDate(iso) || '—';
}

function StatusBadge({ user }: { user: AdminUserRow }) {
  return user.isExist ? <Badge bg="success">Active</Badge> : <Badge bg="danger">Blocked</Badge>;
}

function RoleText({ user }: { user: AdminUserRow }) {
  return user.isAdmin ? <span className="fw-semibold text-brand">Admin</span> : <span>Customer</span>;
}

function Actions({
  user,
  currentUserId,
  onAction,
}: { user: AdminUserRow } & Pick<UsersTableProps, 'currentUserId' | 'onAction'>) {
  if (user._id === currentUserId) return <Badge bg="secondary">You</Badge>;
  return (
    <div className="d-flex gap-2 flex-wrap">
      <Button
        size="sm"
        variant={user.isExist ? 'outline-secondary' : 'outline-success'}
        onClick={() => onAction({ kind: 'toggle', user })}
        aria-label={`${user.isExist ? 'Block' : 'Unblock'} ${user.name}`}
      >
        {user.isExist ? (
          <FiLock aria-hidden="true" className="me-1" />
        ) : (
          <FiUnlock aria-hidden="true" className="me-1" />
        )}
        {user.isExist ? 'Block' : 'Unblock'}
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() => onAction({ kind: 'delete', user })}
        aria-label={`Delete ${user.name}`}
      >
        <FiTrash2 aria-hidden="true" className="me-1" />
        Delete
      </Button>
    </div>
  );
}

/** The users list: a table on wide screens, one card per user on phones. */
export function UsersTable({ users, currentUserId, onAction, selection, view }: UsersTableProps) {
  if (users.length === 0) return <EmptyState title={MSG.noUsers} />;
  const sortable = sortableBy(view);
  const tick = (user: AdminUserRow) =>
    user._id === currentUserId ? null : <SelectRowBox selection={selection} id={user._id} name={user.name} />;
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">
                <SelectAllBox selection={selection} label="Select all users on this page" />
              </th>
              <SortHeader column="name" label="Name" {...sortable} />
              <SortHeader column="email" label="Email" {...sortable} />
              <th scope="col">Phone</th>
              <SortHeader column="createdAt" label="Joined" {...sortable} />
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id}>
                <td>{tick(user)}</td>
                <td className="fw-semibold">{user.name}</td>
                <td>
                  <EmailText email={user.email} />
                </td>
                <td>{user.phone || '—'}</td>
                <td className="text-nowrap">{joinedOn(user.createdAt)}</td>
                <td>
                  <RoleText user={user} />
                </td>
                <td>
                  <StatusBadge user={user} />
                </td>
                <td>
                  <Actions user={user} currentUserId={currentUserId} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-3" aria-label="Users">
        {users.map((user) => (
          <li key={user._id}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  {tick(user)}
                  <h3 className="h6 mb-1 text-break flex-grow-1">{user.name}</h3>
                  <StatusBadge user={user} />
                </div>
                <p className="small mb-1">
                  <EmailText email={user.email} />
                </p>
                <p className="small text-muted mb-2">
                  {user.phone || '—'} · <RoleText user={user} /> · Joined {joinedOn(user.createdAt)}
                </p>
                <Actions user={user} currentUserId={currentUserId} onAction={onAction} />
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
