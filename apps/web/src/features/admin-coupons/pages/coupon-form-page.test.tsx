import { COUPON_MSG as M } from '@bagshop/shared/coupon-messages';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../../store/store.ts';
import { setField } from '../../../test/fields.ts';
import {
  adminSession,
  adminToken,
  callApi,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { adminCouponsApi } from '../api.ts';
import { statusOnForm } from '../components/coupon-form.tsx';
import { CouponFormPage } from './coupon-form-page.tsx';

const server = withRealServer();
beforeEach(() => {
  rememberSession(adminSession());
});

const DAY = 24 * 60 * 60 * 1000;
async function createCouponNamed(name: string) {
  const body = {
    name,
    description: 'Ten percent off',
    activation: new Date(Date.now() - DAY).toISOString(),
    expiry: new Date(Date.now() + 10 * DAY).toISOString(),
    discount: 10,
    status: true,
    minAmount: 100,
    maxAmount: 50,
    limit: 5,
    type: 'single',
  };
  const answer = await callApi<{ coupon: CouponDto }>('POST', '/api/user/admin/coupons/add', {
    token: adminToken(),
    body,
    expect: 201,
  });
  return answer.coupon;
}

const saved: CouponDto = {
  _id: '7d2f5c1a-3b4e-4f6a-8c9d-0e1f2a3b4c5d',
  name: 'Festive Ten',
  code: 'FEST10AB',
  description: 'Ten percent off festive bags',
  activation: new Date(2030, 9, 1).toISOString(),
  expiry: new Date(2030, 10, 1).toISOString(),
  discount: 10,
  status: false,
  minAmount: 999,
  maxAmount: 250.5,
  limit: 50,
  usedCount: 3,
  type: 'single',
  isReferral: false,
  isExist: true,
  createdAt: new Date(2030, 8, 1).toISOString(),
};

function renderEdit(coupon: CouponDto) {
  const store = makeStore();
  store.dispatch(adminCouponsApi.util.upsertQueryData('adminCoupon', coupon._id, { coupon }));
  const router = createMemoryRouter([{ path: '/admin/coupons/edit/:id', element: <CouponFormPage /> }], {
    initialEntries: [`/admin/coupons/edit/${coupon._id}`],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const LABELS = [
  'Coupon name',
  'Description',
  'Activation date',
  'Expiry date',
  'Discount rate',
  'Status',
  'Min amount',
  'Max discount amount',
  'Usage limit',
  'Usage type',
];

describe('coupon form (docs/product.md §2 Add/Edit Coupon, §5 Coupon and offer)', () => {
  it('labels every field, offers Active/Inactive and only Single, and a Referral coupon choice', () => {
    renderScreen(<CouponFormPage />, { path: '/admin/coupons/add' });
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeTruthy();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toEqual(['Select', 'Active', 'Inactive']);
    expect(status.value).toBe('true');
    const type = screen.getByLabelText('Usage type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual(['Select', 'Single']);
    expect(screen.getByRole('checkbox', { name: /Referral coupon/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Coupon' })).toBeTruthy();
  });

  it('checks on submit and shows the exact message under each field', async () => {
    const user = userEvent.setup();
    renderScreen(<CouponFormPage />, { path: '/admin/coupons/add' });
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText(M.nameRequired)).toBeTruthy();
    expect(screen.getByText(M.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(M.activationRequired)).toBeTruthy();
    expect(screen.getByText(M.expiryRequired)).toBeTruthy();
    expect(screen.getByText(M.discountInvalid)).toBeTruthy();
    expect(screen.getByText(M.minAmountInvalid)).toBeTruthy();
    expect(screen.getByText(M.maxAmountInvalid)).toBeTruthy();
    expect(screen.getByText(M.limitInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Coupon name').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the length and range messages, and accepts values inside the ranges', async () => {
    const user = userEvent.setup();
    renderScreen(<CouponFormPage />, { path: '/admin/coupons/add' });
    await setField(user, 'Coupon name', 'N'.repeat(21));
    await setField(user, 'Description', 'D'.repeat(51));
    await setField(user, 'Discount rate', '0');
    await setField(user, 'Min amount', '100001');
    await setField(user, 'Max discount amount', '10001');
    await setField(user, 'Usage limit', '101');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText(M.nameMax)).toBeTruthy();
    expect(screen.getByText(M.descriptionMax)).toBeTruthy();
    expect(screen.getByText(M.discountInvalid)).toBeTruthy();
    expect(screen.getByText(M.minAmountInvalid)).toBeTruthy();
    expect(screen.getByText(M.maxAmountInvalid)).toBeTruthy();
    expect(screen.getByText(M.limitInvalid)).toBeTruthy();

    await setField(user, 'Coupon name', 'N'.repeat(20));
    await setField(user, 'Discount rate', '100');
    await setField(user, 'Max discount amount', '10000');
    await setField(user, 'Usage limit', '100');
    await user.click(screen.getByRole('button', { name: 'Create Coupon' }));
    expect(screen.queryByText(M.nameMax)).toBeNull();
    expect(screen.queryByText(M.discountInvalid)).toBeNull();
    expect(screen.queryByText(M.maxAmountInvalid)).toBeNull();
    expect(screen.queryByText(M.limitInvalid)).toBeNull();
    expect(screen.getByText(M.minAmountInvalid)).toBeTruthy();
  });

  it('prefills the edit form, shows a falsy stored status as Active and offers Update Coupon', async () => {
    renderEdit(saved);
    expect(await screen.findByRole('button', { name: 'Update Coupon' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Coupon' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Referral coupon/ })).toBeNull();
    expect((screen.getByLabelText('Coupon name') as HTMLInputElement).value).toBe('Festive Ten');
    expect((screen.getByLabelText('Activation date') as HTMLInputElement).value).toBe('01-Oct-2030');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('01-Nov-2030');
    expect((screen.getByLabelText('Discount rate') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Max discount amount') as HTMLInputElement).value).toBe('250.5');
    expect((screen.getByLabelText('Usage limit') as HTMLInputElement).value).toBe('50');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.selectedOptions[0]?.textContent).toBe('Active');
  });

  it('says the name is the code, and shows under the name why a name taken by another coupon is refused', async () => {
    const user = userEvent.setup();
    const word = uniqueWord(8);
    await createCouponNamed(`Taken ${word}`);
    const mine = await createCouponNamed(`Mine ${word}`);
    renderEdit(mine);
    const name = await screen.findByLabelText('Coupon name');
    expect(screen.getByText('Shoppers type this name as the coupon code, in any case.')).toBeTruthy();
    await setField(user, 'Coupon name', `TAKEN ${word.toLowerCase()}`);
    await user.click(screen.getByRole('button', { name: 'Update Coupon' }));
    await waitFor(() => expect(server.last(`/api/user/admin/coupons/edit/${mine._id}`, 'PUT').status).toBe(409));
    expect(await screen.findByText(M.nameTaken)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('treats every falsy stored status as Active', () => {
    expect(statusOnForm(false)).toBe('true');
    expect(statusOnForm(null)).toBe('true');
    expect(statusOnForm(undefined)).toBe('true');
    expect(statusOnForm(true)).toBe('true');
  });
});
