import { AUDIT_MSG, type AuditList } from '@bagshop/shared/audit';
import { MSG } from '@bagshop/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  registerShopper,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { createCategory, toggleCategoryBlock } from '../../../test/shop-data.ts';
import { AuditPage } from './audit-page.tsx';

const server = withRealServer();
const AUDIT = '/api/user/admin/audit';

/** The entry rows of the log (not its header, not an opened details row). */
function entryRows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.querySelector('td[data-label="Kind"]'));
}

const cellOf = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;

describe('audit log page against the shop', () => {
  it('shows a write the admin just made, filters by kind and administrator, and compares before and after', async () => {
    rememberSession(adminSession());
    const user = userEvent.setup();
    // Letters and spaces, at most 15: a name no other test uses.
    const name = `${uniqueWord(6)} Duffels`;
    const category = await createCategory(name);
    await toggleCategoryBlock(category._id);
    const summary = `Category "${name}"`;

    const { router } = renderScreen(<AuditPage />, { path: '/admin/audit' });
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(document.title).toContain('Audit Log');
    for (const label of ['Administrator', 'Kind', 'From', 'To']) expect(screen.getByLabelText(label)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Category');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=category'));
    await waitFor(() => expect(server.last(AUDIT).search.get('kind')).toBe('category'));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByText(summary)).toHaveLength(2));
    const rows = entryRows(table);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(cellOf(row, 'Kind')).toBe('Category');

    // Newest first: the block, then the creation, both by the demo admin, with date and time.
    const ours = rows.filter((row) => cellOf(row, 'Summary') === summary);
    expect(ours.map((row) => cellOf(row, 'Action'))).toEqual(['Blocked', 'Created']);
    const blockRow = ours[0] as HTMLElement;
    expect(cellOf(blockRow, 'Administrator')).toContain(adminSession().user.email);
    expect(cellOf(blockRow, 'Time')).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\s?[ap]m$/i);

    await user.click(within(blockRow).getByRole('button', { name: `Details: ${summary}` }));
    const compare = await screen.findByRole('table', { name: `Before and after: ${summary}` });
    const fieldRow = (label: RegExp) =>
      within(compare)
        .getAllByRole('row')
        .find((row) => label.test(row.querySelector('th')?.textContent ?? '')) as HTMLElement;
    const blocked = fieldRow(/^Blocked/);
    expect(blocked.className).toContain('audit-changed');
    expect(within(blocked).getByText('(changed)')).toBeTruthy();
    expect([...blocked.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['No', 'Yes']);
    const nameRow = fieldRow(/^Name/);
    expect(nameRow.className).not.toContain('audit-changed');
    expect([...nameRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual([name, name]);
    await user.click(within(blockRow).getByRole('button', { name: `Hide details: ${summary}` }));
    expect(screen.queryByRole('table', { name: `Before and after: ${summary}` })).toBeNull();

    // The creation has nothing before it.
    const createdRow = ours[1] as HTMLElement;
    await user.click(within(createdRow).getByRole('button', { name: `Details: ${summary}` }));
    expect(await screen.findByText('A new record: there was nothing before.')).toBeTruthy();

    const admin = adminSession().user;
    const admins = (server.last(AUDIT).answer as AuditList).admins;
    expect(admins.map((a) => a.id)).toContain(admin._id);
    await user.selectOptions(screen.getByLabelText('Administrator'), admin._id);
    await waitFor(() => expect(server.last(AUDIT).search.get('adminId')).toBe(admin._id));
    expect(server.last(AUDIT).search.get('kind')).toBe('category');
    expect(new URLSearchParams(router.state.location.search).get('adminId')).toBe(admin._id);
  });

  it('filters by shop days with the date pickers and says when nothing matches', async () => {
    rememberSession(adminSession());
    const user = userEvent.setup();
    const { router } = renderScreen(<AuditPage />, { path: '/admin/audit', url: '/admin/audit?kind=category' });
    await screen.findByRole('table');

    await user.click(screen.getByLabelText('From'));
    await user.paste('01-Jan-2001');
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('To'));
    await user.paste('02-Jan-2001');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?kind=category&startDate=2001-01-01&endDate=2001-01-02'),
    );
    expect(await screen.findByText(AUDIT_MSG.noEntries)).toBeTruthy();
    const call = server.last(AUDIT);
    expect(call.search.get('startDate')).toBe('2001-01-01');
    expect(call.search.get('endDate')).toBe('2001-01-02');
    expect(call.answer).toMatchObject({ entries: [], total: 0 });
    expect(screen.getByText('0 entries')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('names a bad filter of a hand-edited link under its field and still lists the rest', async () => {
    rememberSession(adminSession());
    renderScreen(<AuditPage />, { path: '/admin/audit', url: '/admin/audit?kind=wallet' });
    expect(await screen.findByText('Choose a kind')).toBeTruthy();
    expect(screen.getByLabelText('Kind').className).toContain('is-invalid');
    await screen.findByRole('table');
    expect(server.last(AUDIT).search.get('kind')).toBeNull();
  });

  it('a shopper sees the refusal and can retry', async () => {
    rememberSession(await registerShopper());
    renderScreen(<AuditPage />, { path: '/admin/audit' });
    const alert = await screen.findByRole('button', { name: 'Retry' });
    expect(server.last(AUDIT).status).toBe(403);
    expect(alert.closest('.alert')?.textContent).toContain(MSG.forbidden);
  });
});
