import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { AdminUserRow } from '@bagshop/shared/types';
import { Badge, Button, Card, Table } from 'react-bootstrap';
import { FiLock, FiTrash2, FiUnlock } from 'react-icons/fi';
import { EmptyState } from '../../../components/load-states.tsx';

export type UserAction = { kind: 'toggle' | 'delete'; user: AdminUserRow };

interface UsersTableProps {
  users: AdminUserRow[];
  /** The signed-in admin, who can neither block nor delete themself. */
  currentUserId: string | null;
  onAction: (action: UserAction) => void;
}

const joinedFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

export function joinedOn(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : joinedFormat.format(date);
}

function StatusBadge({ user }: { user: AdminUserRow }) {
  return user.isExist ? <Badge bg="success">Active</Badge> : <Badge bg="danger">Blocked</Badge>;
}

function RoleText({ user }: { user: AdminUserRow }) {
  return user.isAdmin ? <span className="fw-semibold text-brand">Admin</span> : <span>Customer</span>;
}

function Actions({ user, currentUserId, onAction }: { user: AdminUserRow } & Omit<UsersTableProps, 'users'>) {
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
export function UsersTable({ users, currentUserId, onAction }: UsersTableProps) {
  if (users.length === 0) return <EmptyState title={MSG.noUsers} />;
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Joined</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id}>
                <td className="fw-semibold">{user.name}</td>
                <td className="text-break">{user.email}</td>
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
                  <h3 className="h6 mb-1 text-break">{user.name}</h3>
                  <StatusBadge user={user} />
                </div>
                <p className="small mb-1 text-break">{user.email}</p>
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
