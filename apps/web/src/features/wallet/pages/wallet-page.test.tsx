import type { WalletDto } from '@bagshop/shared/schemas/wallet';
import type { CardPaymentMode } from '@bagshop/shared/shop-settings';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { shopSettingsApi } from '../../../api/shop-settings-api.ts';
import { makeStore } from '../../../store/store.ts';
import { walletApi } from '../api.ts';
import { WALLET_SCREEN_TEXT as TEXT } from '../wallet-messages.ts';
import { WalletPage } from './wallet-page.tsx';

async function renderWallet(wallet: WalletDto, cardPayments: CardPaymentMode = 'sandbox') {
  const store = makeStore();
  await store.dispatch(
    shopSettingsApi.util.upsertQueryData('shopSettings', undefined, { cardPayments, pricesIncludeGst: false }),
  );
  // Not awaited: the page's refetch on mount joins this pending upsert instead of calling a shop that is not here.
  store.dispatch(walletApi.util.upsertQueryData('myWallet', undefined, wallet));
  const router = createMemoryRouter([{ path: '/wallet', element: <WalletPage /> }], { initialEntries: ['/wallet'] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
}

const wallet: WalletDto = {
  balance: 1234.5,
  transactions: [
    {
      _id: 't1',
      type: 'Credit',
      transactionType: 'Wallet Recharge',
      amount: 500,
      description: 'Wallet Recharge',
      orderId: null,
      createdAt: new Date(2024, 0, 1, 12).toISOString(),
    },
    {
      _id: 't2',
      type: 'Debit',
      transactionType: 'Debited',
      amount: 250,
      description: 'Paid for an order',
      orderId: 'o1',
      createdAt: new Date(2024, 1, 5, 12).toISOString(),
    },
  ],
};

describe('My Wallet (docs/product.md §2)', () => {
  it('shows the balance in rupees and each transaction as Credited or Debited with its date', async () => {
    await renderWallet(wallet);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50'));
    const rows = within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Credited');
    expect(rows[0]?.textContent).toContain('₹500.00');
    expect(rows[0]?.textContent).toContain('01 Jan 2024');
    expect(rows[1]?.textContent).toContain('Debited');
    expect(rows[1]?.textContent).toContain('Paid for an order');
    expect(rows[1]?.textContent).toContain('05 Feb 2024');
  });

  it('offers Add Money only while the shop takes card payments', async () => {
    await renderWallet(wallet, 'razorpay');
    expect(await screen.findByRole('button', { name: 'Add Money' })).toBeTruthy();
    cleanup();
    await renderWallet(wallet, 'off');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50'));
    expect(screen.queryByRole('button', { name: 'Add Money' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Recent transactions' })).toBeTruthy();
  });

  it('says so when there are no transactions', async () => {
    await renderWallet({ balance: 0, transactions: [] });
    expect(await screen.findByText(TEXT.noTransactions)).toBeTruthy();
  });

  it('Add Money reveals a labelled amount input (min 1) and warns about an empty or zero amount', async () => {
    const user = userEvent.setup();
    await renderWallet(wallet);
    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.min).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(WALLET_MSG.invalidAmountTitle);
    expect(warning.textContent).toContain(WALLET_MSG.enterValidAmount);

    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
    expect(WALLET_MSG.invalidAmountTitle).toBe('Invalid Amount');
    expect(WALLET_MSG.enterValidAmount).toBe('Please enter a valid amount.');
  });
});
