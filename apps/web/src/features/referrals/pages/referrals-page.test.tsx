import type { ReferralDetails } from '@bagshop/shared/schemas/referrals';
import { REFERRAL_MSG } from '@bagshop/shared/wallet-messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../store/store.ts';
import { referralsApi } from '../api.ts';
import { REFERRAL_SCREEN_TEXT as TEXT } from '../referral-messages.ts';
import { shareLink } from '../share-link.ts';
import { ReferralsPage } from './referrals-page.tsx';

function renderReferrals(referrals: ReferralDetails) {
  const store = makeStore();
  store.dispatch(referralsApi.util.upsertQueryData('referrals', undefined, { referrals }));
  const router = createMemoryRouter([{ path: '/account/referrals/:id', element: <ReferralsPage /> }], {
    initialEntries: ['/account/referrals/u1'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
}

describe('Referral details (docs/product.md §2)', () => {
  it('shows the code, its share link, the amount earned and the referred users', async () => {
    renderReferrals({
      referralCode: 'AB12CD34',
      amountEarned: 300,
      referredUsers: [
        { name: 'Asha', email: 'asha@example.in' },
        { name: 'Ravi', email: 'ravi@example.in' },
      ],
    });
    expect((await screen.findByTestId('referral-code')).textContent).toBe('AB12CD34');
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/register?ref=AB12CD34`,
    );
    expect(screen.getByTestId('amount-earned').textContent).toBe('₹300.00');
    const users = within(screen.getByRole('list', { name: 'Referred users' })).getAllByRole('listitem');
    expect(users.map((u) => u.textContent)).toEqual(['Ashaasha@example.in', 'Raviravi@example.in']);
    expect(screen.queryByRole('button', { name: 'Get Referral Code' })).toBeNull();
  });

  it('copies the code and says Copied to clipboard!', async () => {
    const user = userEvent.setup();
    renderReferrals({ referralCode: 'AB12CD34', amountEarned: 0, referredUsers: [] });
    await user.click(await screen.findByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText(REFERRAL_MSG.copied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('AB12CD34');
  });

  it('says Copy failed when the browser refuses', async () => {
    const user = userEvent.setup();
    renderReferrals({ referralCode: 'AB12CD34', amountEarned: 0, referredUsers: [] });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText(REFERRAL_MSG.copyFailed)).toBeTruthy();
  });

  it('without a code offers Get Referral Code', async () => {
    renderReferrals({ referralCode: null, amountEarned: 0, referredUsers: [] });
    expect(await screen.findByRole('button', { name: 'Get Referral Code' })).toBeTruthy();
    expect(screen.getByText(TEXT.noReferredUsers)).toBeTruthy();
    expect(screen.queryByLabelText('Share link')).toBeNull();
  });

  it('builds the share link /register?ref=<code>', () => {
    expect(shareLink('AB12CD34', 'https://bagshop.in')).toBe('https://bagshop.in/register?ref=AB12CD34');
  });

  it('keeps its cards inside a padded container, so a 375 px screen does not scroll sideways', async () => {
    renderReferrals({ referralCode: 'AB12CD34', amountEarned: 0, referredUsers: [] });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Referrals' });
    const page = heading.parentElement as HTMLElement;
    expect(page.classList.contains('container')).toBe(true);
    // The row's negative gutters sit inside the container's padding.
    expect(page.querySelector(':scope > .row')).toBeTruthy();
  });
});
