import { MSG } from '@bagshop/shared/messages';
import type { AdminUserRow } from '@bagshop/shared/types';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { joinedOn, type UserAction, UsersTable } from './users-table.tsx';

afterEach(cleanup);

const admin: AdminUserRow = {
  _id: 'admin-1',
  name: 'Store Admin',
  email: 'admin@bagshop.in',
  phone: '9000000001',
  isAdmin: true,
  isExist: true,
  emailVerified: true,
  createdAt: '2024-03-01T10:00:00.000Z',
};
const ravi: AdminUserRow = {
  ...admin,
  _id: 'u-2',
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  isAdmin: false,
  isExist: false,
  createdAt: '2025-01-15T10:00:00.000Z',
};

/** The wide-screen table; phones get the same rows as cards. */
function table() {
  return within(screen.getByRole('table'));
}

describe('admin users table', () => {
  it("says 'No users found' for an empty page", () => {
    render(<UsersTable users={[]} currentUserId="admin-1" onAction={() => undefined} />);
    expect(screen.getByText(MSG.noUsers)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows name, email, phone, joined date, role and status', () => {
    render(<UsersTable users={[admin, ravi]} currentUserId="admin-1" onAction={() => undefined} />);
    const rows = table().getAllByRole('row');
    expect(rows).toHaveLength(3);
    const raviRow = within(rows[2]);
    expect(raviRow.getByText('Ravi Kumar')).toBeTruthy();
    expect(raviRow.getByText('ravi@example.in')).toBeTruthy();
    expect(raviRow.getByText(joinedOn(ravi.createdAt))).toBeTruthy();
    expect(raviRow.getByText('Customer')).toBeTruthy();
    expect(raviRow.getByText('Blocked')).toBeTruthy();
    expect(within(rows[1]).getByText('Active')).toBeTruthy();
    expect(joinedOn('2025-01-15T10:00:00.000Z')).toMatch(/15 Jan 2025/);
  });

  it('hides block and delete for the signed-in admin', () => {
    render(<UsersTable users={[admin, ravi]} currentUserId="admin-1" onAction={() => undefined} />);
    expect(table().queryByRole('button', { name: 'Block Store Admin' })).toBeNull();
    expect(table().queryByRole('button', { name: 'Delete Store Admin' })).toBeNull();
    expect(table().getByText('You')).toBeTruthy();
  });

  it('asks to unblock a blocked user and to delete one', async () => {
    const actions: UserAction[] = [];
    render(<UsersTable users={[admin, ravi]} currentUserId="admin-1" onAction={(a) => actions.push(a)} />);
    await userEvent.click(table().getByRole('button', { name: 'Unblock Ravi Kumar' }));
    await userEvent.click(table().getByRole('button', { name: 'Delete Ravi Kumar' }));
    expect(actions.map((a) => [a.kind, a.user._id])).toEqual([
      ['toggle', 'u-2'],
      ['delete', 'u-2'],
    ]);
  });
});
