import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../store/store.ts';
import { adminCouponsApi } from '../api.ts';
import { COUPON_SCREEN_TEXT as TEXT } from '../coupon-messages.ts';
import { AdminCouponsPage } from './coupons-page.tsx';

const coupon = (over: Partial<CouponDto>): CouponDto => ({
  _id: 'c1',
  name: 'Festive Ten',
  code: 'FEST10AB',
  description: 'Ten percent off',
  activation: new Date(2030, 9, 1).toISOString(),
  expiry: new Date(2030, 10, 1).toISOString(),
  discount: 10,
  status: true,
  minAmount: 999,
  maxAmount: 250,
  limit: 50,
  type: 'single',
  usedCount: 0,
  isReferral: false,
  isExist: true,
  createdAt: new Date(2030, 8, 1).toISOString(),
  ...over,
});

function renderList(coupons: CouponDto[]) {
  const store = makeStore();
  store.dispatch(
    adminCouponsApi.util.upsertQueryData(
      'adminCoupons',
      { keyword: undefined, page: 1, limit: 6, sort: 'createdAt', dir: 'desc' },
      {
        coupons,
        total: coupons.length,
        page: 1,
        pages: 1,
      },
    ),
  );
  const router = createMemoryRouter([{ path: '/admin/coupons', element: <AdminCouponsPage /> }], {
    initialEntries: ['/admin/coupons'],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
}

describe('admin coupons list (docs/product.md §2 Admin)', () => {
  it('shows each coupon with its code, Active or Inactive, and Block/Unblock and Delete', async () => {
    renderList([coupon({}), coupon({ _id: 'c2', name: 'Old Deal', code: 'OLD00001', status: false, isExist: false })]);
    const cards = within(await screen.findByRole('list', { name: 'Coupons' })).getAllByRole('listitem');
    expect(cards[0]?.textContent).toContain('FEST10AB');
    expect(cards[0]?.textContent).toContain('Active');
    expect(cards[1]?.textContent).toContain('Inactive');
    expect(cards[1]?.textContent).toContain('Blocked');
    expect(screen.getAllByRole('button', { name: 'Block Festive Ten' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Unblock Old Deal' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Delete Old Deal' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Add Coupon/ }).getAttribute('href')).toBe('/admin/coupons/add');
  });

  it('copies a code', async () => {
    const user = userEvent.setup();
    renderList([coupon({})]);
    const [copy] = await screen.findAllByRole('button', { name: 'Copy code FEST10AB' });
    await user.click(copy as HTMLElement);
    expect(await screen.findByText(TEXT.copied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('FEST10AB');
  });
});
