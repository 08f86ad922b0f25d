import { MSG } from '@bagshop/shared/messages';
import type { AdminUserRow } from '@bagshop/shared/types';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBulkSelection } from '../../../components/bulk-selection.tsx';
import { nextSort } from '../../../components/use-list-params.ts';
import { joinedOn, type UserAction, UsersTable } from './users-table.tsx';

afterEach(cleanup);

const admin: AdminUserRow = {
  _id: 'admin-1',
  name: 'Store Admin',
  email: 'admin@bagshop.example',
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

/** The table as the page uses it: a real selection of every row but the signed-in admin, and a sort in state. */
function Harness({
  users,
  onAction = () => undefined,
  onSelected = () => undefined,
}: {
  users: AdminUserRow[];
  onAction?: (a: UserAction) => void;
  onSelected?: (ids: string[]) => void;
}) {
  const [sorted, setSorted] = useState<{ sort: 'createdAt' | 'name' | 'email'; dir: 'asc' | 'desc' }>({
    sort: 'createdAt',
    dir: 'desc',
  });
  const selection = useBulkSelection(users.map((u) => u._id).filter((id) => id !== 'admin-1'));
  onSelected([...selection.selected]);
  return (
    <UsersTable
      users={users}
      currentUserId="admin-1"
      onAction={onAction}
      selection={selection}
      view={{ ...sorted, sortBy: (column) => setSorted((s) => nextSort(s, column)) }}
    />
  );
}

/** The wide-screen table; phones get the same rows as cards. */
function table() {
  return within(screen.getByRole('table'));
}

describe('admin users table', () => {
  it("says 'No users found' for an empty page", () => {
    render(<Harness users={[]} />);
    expect(screen.getByText(MSG.noUsers)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows name, email, phone, joined date, role and status', () => {
    render(<Harness users={[admin, ravi]} />);
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
    render(<Harness users={[admin, ravi]} />);
    expect(table().queryByRole('button', { name: 'Block Store Admin' })).toBeNull();
    expect(table().queryByRole('button', { name: 'Delete Store Admin' })).toBeNull();
    expect(table().getByText('You')).toBeTruthy();
  });

  it('asks to unblock a blocked user and to delete one', async () => {
    const actions: UserAction[] = [];
    render(<Harness users={[admin, ravi]} onAction={(a) => actions.push(a)} />);
    await userEvent.click(table().getByRole('button', { name: 'Unblock Ravi Kumar' }));
    await userEvent.click(table().getByRole('button', { name: 'Delete Ravi Kumar' }));
    expect(actions.map((a) => [a.kind, a.user._id])).toEqual([
      ['toggle', 'u-2'],
      ['delete', 'u-2'],
    ]);
  });

  it('sorts by a clicked heading, says so with aria-sort, and turns around on a second click', async () => {
    render(<Harness users={[admin, ravi]} />);
    const header = (name: string) => table().getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Joined').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(
      table()
        .queryByRole('columnheader', { name: /^Phone/ })
        ?.getAttribute('aria-sort'),
    ).toBeNull();
    await userEvent.click(table().getByRole('button', { name: 'Name, sort ascending' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Joined').getAttribute('aria-sort')).toBe('none');
    await userEvent.click(table().getByRole('button', { name: 'Name, sort descending' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
  });

  it('ticks rows one by one or all on the page, never the signed-in admin', async () => {
    let selected: string[] = [];
    render(<Harness users={[admin, ravi]} onSelected={(ids) => (selected = ids)} />);
    expect(table().queryByRole('checkbox', { name: 'Select Store Admin' })).toBeNull();
    await userEvent.click(table().getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(selected).toEqual(['u-2']);
    expect((table().getByRole('checkbox', { name: 'Select Ravi Kumar' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(table().getByRole('checkbox', { name: 'Select Ravi Kumar' }));
    expect(selected).toEqual([]);
  });
});
