import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { CategoryDto, OfferDto } from '@bagshop/shared/catalogue-types';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminCategoriesApi } from '../../../api/admin-categories-api.ts';
import { adminOffersApi } from '../../../api/admin-offers-api.ts';
import { makeStore } from '../../../store/store.ts';
import { CategoryFormPage } from './category-form-page.tsx';

const offer = (id: string, name: string, type: OfferDto['type']): OfferDto => ({
  _id: id,
  name,
  type,
  description: 'Seasonal savings',
  activation: '2026-01-01T00:00:00.000Z',
  expiry: '2030-01-01T00:00:00.000Z',
  discount: 10,
  minAmount: 500,
  isExist: true,
  active: true,
});
const festive = offer('11111111-1111-4111-8111-111111111111', 'Festive', 'category');
const flash = offer('22222222-2222-4222-8222-222222222222', 'Flash', 'products');
const backpacks: CategoryDto = {
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Backpacks',
  offer: festive,
  isExist: true,
  productCount: 4,
};

/** The form with the offers (and, on edit, the category) already in the cache. */
function renderForm(url: string) {
  const store = makeStore();
  store.dispatch(adminOffersApi.util.upsertQueryData('adminAllOffers', undefined, { offers: [festive, flash] }));
  store.dispatch(adminCategoriesApi.util.upsertQueryData('adminCategory', backpacks._id, { category: backpacks }));
  const router = createMemoryRouter(
    [
      { path: '/admin/category/add', element: <CategoryFormPage /> },
      { path: '/admin/category/edit/:id', element: <CategoryFormPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

async function typeName(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = screen.getByLabelText('Name');
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: /Category$/ }));
}

describe('category form (docs/product.md §2 Add/Edit Category, §5 Category name)', () => {
  it('offers None and only the offers for categories', async () => {
    renderForm('/admin/category/add');
    await screen.findByRole('option', { name: 'Festive (10% off)' });
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeTruthy();
    const select = screen.getByLabelText('Offer') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['None', 'Festive (10% off)']);
    expect(select.value).toBe('');
  });

  it.each([
    // An empty name says it is required (decision 054).
    ['empty', '', M.categoryNameRequired],
    ['longer than 15', 'A'.repeat(16), M.categoryName],
    ['with no letter', '2024', M.categoryName],
    ['with symbols names do not hold', 'Bags @ Home', M.categoryName],
  ])('refuses a name %s with the exact message', async (_case, name, message) => {
    const user = userEvent.setup();
    renderForm('/admin/category/add');
    await typeName(user, name);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('is prefilled on edit with the saved offer selected', async () => {
    renderForm(`/admin/category/edit/${backpacks._id}`);
    expect(await screen.findByRole('button', { name: 'Update Category' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Backpacks');
    expect((screen.getByLabelText('Offer') as HTMLSelectElement).value).toBe(festive._id);
  });
});
