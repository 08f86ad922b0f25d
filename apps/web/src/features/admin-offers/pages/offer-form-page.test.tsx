import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { OfferDto } from '@bagshop/shared/catalogue-types';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminOffersApi } from '../../../api/admin-offers-api.ts';
import { makeStore } from '../../../store/store.ts';
import { setField } from '../../../test/fields.ts';
import { renderScreen } from '../../../test/render.tsx';
import { OfferFormPage } from './offer-form-page.tsx';

const saved: OfferDto = {
  _id: '0b8f6f0e-2b7a-4f4e-9a51-1f0d8c3b6a11',
  name: 'Monsoon Deal',
  type: 'category',
  description: 'Rainy season savings',
  activation: new Date(2030, 5, 1).toISOString(),
  expiry: new Date(2030, 6, 1).toISOString(),
  discount: 15,
  minAmount: 1499.5,
  isExist: true,
  active: false,
};

/** The edit screen with the offer already in the cache, as after opening it from the list. */
function renderEdit() {
  const store = makeStore();
  store.dispatch(adminOffersApi.util.upsertQueryData('adminOffer', saved._id, { offer: saved }));
  const router = createMemoryRouter([{ path: '/admin/offers/edit/:id', element: <OfferFormPage /> }], {
    initialEntries: [`/admin/offers/edit/${saved._id}`],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('offer form (docs/product.md §2 Add/Edit Offer, §5 Coupon and offer)', () => {
  it('shows ADD OFFER with a Create Offer button and every field labelled', () => {
    renderScreen(<OfferFormPage />, { path: '/admin/offers/add' });
    expect(screen.getByRole('heading', { name: 'ADD OFFER' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Offer' })).toBeTruthy();
    for (const label of [
      'Offer name',
      'Applicable to',
      'Description',
      'Activation date',
      'Expiry date',
      'Discount rate',
      'Criteria amount',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const types = screen.getByLabelText('Applicable to') as HTMLSelectElement;
    expect([...types.options].map((o) => o.textContent)).toEqual(['Select', 'Products', 'Category']);
  });

  it('checks on submit and shows the exact message under each field', async () => {
    const user = userEvent.setup();
    renderScreen(<OfferFormPage />, { path: '/admin/offers/add' });
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));

    expect(await screen.findByText(M.offerNameRequired)).toBeTruthy();
    expect(screen.getByText(M.offerTypeRequired)).toBeTruthy();
    expect(screen.getByText(M.offerDescriptionRequired)).toBeTruthy();
    expect(screen.getByText(M.activationRequired)).toBeTruthy();
    expect(screen.getByText(M.expiryRequired)).toBeTruthy();
    expect(screen.getByText(M.discountInvalid)).toBeTruthy();
    expect(screen.getByText(M.minAmountInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Offer name').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the length and range messages', async () => {
    const user = userEvent.setup();
    renderScreen(<OfferFormPage />, { path: '/admin/offers/add' });
    await setField(user, 'Offer name', 'N'.repeat(21));
    await setField(user, 'Description', 'D'.repeat(51));
    await setField(user, 'Discount rate', '101');
    await setField(user, 'Criteria amount', '100001');
    await user.selectOptions(screen.getByLabelText('Applicable to'), 'Products');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));

    expect(await screen.findByText(M.offerNameMax)).toBeTruthy();
    expect(screen.getByText(M.offerDescriptionMax)).toBeTruthy();
    expect(screen.getByText(M.discountInvalid)).toBeTruthy();
    expect(screen.getByText(M.minAmountInvalid)).toBeTruthy();
    expect(screen.queryByText(M.offerTypeRequired)).toBeNull();
  });

  it('choosing an activation date clears the expiry and makes the next day its earliest', async () => {
    const user = userEvent.setup();
    renderScreen(<OfferFormPage />, { path: '/admin/offers/add' });
    await setField(user, 'Expiry date', '25-Dec-2030');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('25-Dec-2030');

    await setField(user, 'Activation date', '20-Dec-2030');
    await user.keyboard('{Escape}');
    expect((screen.getByLabelText('Activation date') as HTMLInputElement).value).toBe('20-Dec-2030');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByLabelText('Expiry date'));
    expect(screen.getByRole('gridcell', { name: /December 20th, 2030/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('gridcell', { name: /December 21st, 2030/ }).getAttribute('aria-disabled')).toBe('false');

    // A typed expiry on the activation day itself is refused too.
    await user.paste('20-Dec-2030');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    expect(await screen.findByText(M.expiryRequired)).toBeTruthy();
  });

  it('on the edit route keeps the ADD OFFER heading, prefills the form and offers Edit Offer', async () => {
    renderEdit();
    expect(await screen.findByRole('button', { name: 'Edit Offer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ADD OFFER' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Offer' })).toBeNull();
    expect((screen.getByLabelText('Offer name') as HTMLInputElement).value).toBe('Monsoon Deal');
    expect((screen.getByLabelText('Applicable to') as HTMLSelectElement).value).toBe('category');
    expect((screen.getByLabelText('Activation date') as HTMLInputElement).value).toBe('01-Jun-2030');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('01-Jul-2030');
    expect((screen.getByLabelText('Discount rate') as HTMLInputElement).value).toBe('15');
    expect((screen.getByLabelText('Criteria amount') as HTMLInputElement).value).toBe('1499.5');
  });
});
