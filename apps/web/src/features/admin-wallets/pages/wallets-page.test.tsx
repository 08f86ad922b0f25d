import type { AdminWalletTransaction } from '@bagshop/shared/schemas/wallet';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../store/store.ts';
import { adminWalletsApi } from '../api.ts';
import { WALLETS_TEXT } from '../wallets-messages.ts';
import { AdminWalletsPage } from './wallets-page.tsx';

const transaction = (over: Partial<AdminWalletTransaction>): AdminWalletTransaction => ({
  transactionId: 't1',
  amount: 500,
  description: 'Refund for order ORD-1',
  createdAt: new Date(2030, 8, 1, 10, 30).toISOString(),
  transactionType: 'Wallet Recharge',
  orderButton: null,
  user: { name: 'Asha Rao', email: 'asha@example.com' },
  ...over,
});

function renderList(transactions: AdminWalletTransaction[]) {
  const store = makeStore();
  store.dispatch(
    adminWalletsApi.util.upsertQueryData(
      'adminTransactions',
      { keyword: undefined, page: 1, limit: 6, sort: 'createdAt', dir: 'desc' },
      { transactions, total: transactions.length, page: 1, pages: 1 },
    ),
  );
  const router = createMemoryRouter([{ path: '/admin/wallets', element: <AdminWalletsPage /> }], {
    initialEntries: ['/admin/wallets'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('admin wallets list (docs/product.md §2 Admin)', () => {
  it('shows the count, a search by user and each transaction, with no Add button', async () => {
    renderList([transaction({}), transaction({ transactionId: 't2', user: { name: 'Ravi Kumar', email: 'r@x.in' } })]);
    const cards = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Asha Rao'),
      expect.stringContaining('Ravi Kumar'),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Wallets' })).toBeTruthy();
    expect(screen.getByText('2 transactions')).toBeTruthy();
    expect(screen.getByLabelText('Search transactions by user').getAttribute('placeholder')).toBe(
      'Search by user name or email',
    );
    expect(screen.queryByRole('link', { name: /Add/ })).toBeNull();
  });

  it('says so when there are no transactions', async () => {
    renderList([]);
    expect(await screen.findByText(WALLETS_TEXT.none)).toBeTruthy();
    expect(screen.getByText('0 transactions')).toBeTruthy();
  });
});
