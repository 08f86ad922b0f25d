import type { AdminWalletTransaction } from '@bagshop/shared/schemas/wallet';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../store/store.ts';
import { adminWalletsApi } from '../api.ts';
import { AdminTransactionPage } from './transaction-page.tsx';
import { AdminWalletsPage } from './wallets-page.tsx';

const base: AdminWalletTransaction = {
  transactionId: 'a3c9e1f0-1111-4222-8333-444455556666',
  amount: -499.5,
  description: 'Paid for order #1001',
  createdAt: '2024-01-01T04:00:00.000Z',
  transactionType: 'Debited',
  orderButton: 'b7d0c2e1-aaaa-4bbb-8ccc-ddddeeeeffff',
  user: { name: 'Asha Rao', email: 'asha@example.in' },
};

function renderDetail(transaction: AdminWalletTransaction) {
  const store = makeStore();
  store.dispatch(adminWalletsApi.util.upsertQueryData('adminTransaction', transaction.transactionId, { transaction }));
  const router = createMemoryRouter(
    [{ path: '/admin/wallets/edit/:transactionId', element: <AdminTransactionPage /> }],
    {
      initialEntries: [`/admin/wallets/edit/${transaction.transactionId}`],
    },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('admin transaction detail (docs/product.md §2)', () => {
  it('shows id, user, date, type, a red debit, the source banner and View Order', async () => {
    renderDetail(base);
    expect((await screen.findByTestId('transaction-source')).textContent).toContain('Debited');
    expect(screen.getByText(base.transactionId)).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('asha@example.in')).toBeTruthy();
    // 04:00 UTC is 09:30 in India.
    expect(screen.getByText('01 Jan 2024, 09:30 am')).toBeTruthy();
    const amount = screen.getByTestId('transaction-amount');
    expect(amount.textContent).toBe('−₹499.50');
    expect(amount.className).toContain('text-danger');
    expect(screen.getByRole('link', { name: /View Order/ }).getAttribute('href')).toBe(
      `/admin/orders/edit/${base.orderButton}`,
    );
  });

  it('a credit is green, an unknown type is a Regular Transaction and without an order there is no link', async () => {
    // A type this screen does not know (e.g. one a newer server adds) still shows.
    const unknownType = 'Adjustment' as AdminWalletTransaction['transactionType'];
    renderDetail({ ...base, amount: 150, transactionType: unknownType, orderButton: null });
    expect((await screen.findByTestId('transaction-source')).textContent).toContain('Regular Transaction');
    const amount = screen.getByTestId('transaction-amount');
    expect(amount.textContent).toBe('+₹150.00');
    expect(amount.className).toContain('text-success');
    expect(screen.queryByRole('link', { name: /View Order/ })).toBeNull();
  });
});

describe('admin wallets list (docs/product.md §2 Admin)', () => {
  it('shows date, user, type, coloured amount, description and a link to each transaction', async () => {
    const store = makeStore();
    const credit: AdminWalletTransaction = {
      ...base,
      transactionId: 't2',
      amount: 150,
      transactionType: 'Referral Bonus',
      orderButton: null,
    };
    store.dispatch(
      adminWalletsApi.util.upsertQueryData(
        'adminTransactions',
        { keyword: undefined, page: 1, limit: 6, sort: 'createdAt', dir: 'desc' },
        { transactions: [base, credit], total: 2, page: 1, pages: 1 },
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
    const cards = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Debited');
    expect(cards[0]?.textContent).toContain('Asha Rao');
    expect(cards[1]?.textContent).toContain('Referral Bonus');
    expect(within(cards[1] as HTMLElement).getByTestId('transaction-amount').className).toContain('text-success');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/admin/wallets/edit/${base.transactionId}`);
    expect(screen.getByLabelText('Search transactions by user')).toBeTruthy();
    expect(screen.getByText('2 transactions')).toBeTruthy();
    // Newest first unless asked otherwise, as the headings and the phone's Sort by control both say.
    expect(screen.getByRole('columnheader', { name: /^Date/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort')).toBe('none');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Date: newest first',
    );
  });
});
