import { COLORS } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import type { CategoryDto, OfferDto, ProductDetailDto } from '@bagshop/shared/catalogue-types';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminCategoriesApi } from '../../../api/admin-categories-api.ts';
import { adminOffersApi } from '../../../api/admin-offers-api.ts';
import { makeStore } from '../../../store/store.ts';
import { setField } from '../../../test/fields.ts';
import { adminProductsApi } from '../api.ts';
import { ProductFormPage } from './product-form-page.tsx';

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
const totes: CategoryDto = { _id: '33333333-3333-4333-8333-333333333333', name: 'Totes', offer: null, isExist: true };
const retired: CategoryDto = {
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'Retired',
  offer: null,
  isExist: false,
};
const tote: ProductDetailDto = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Canvas Tote',
  description: 'A roomy canvas tote.',
  price: 1299,
  offer: flash,
  category: retired,
  quantity: 0,
  brand: 'Bagshop',
  sku: 'BAG-TOTE-01',
  color: 'Beige',
  size: '30Lx12Bx40Hcm',
  weightGrams: 650,
  lengthCm: 32,
  breadthCm: 14,
  heightCm: 42,
  pdImage: ['/uploads/products/a.webp', '/uploads/products/b.webp', '/uploads/products/c.webp'],
  thumbs: ['/uploads/products/a-t.webp', '/uploads/products/b-t.webp', '/uploads/products/c-t.webp'],
  isExist: true,
  available: false,
  rating: 0,
  numReviews: 0,
  discountPercent: 10,
  discount: 129.9,
  finalPrice: 1169.1,
  createdAt: '2026-11-01T00:00:00.000Z',
  reviews: [],
};

/** The form with its dropdown data (and, on edit, the product) already in the cache. */
function renderForm(url: string) {
  const store = makeStore();
  store.dispatch(adminOffersApi.util.upsertQueryData('adminAllOffers', undefined, { offers: [festive, flash] }));
  store.dispatch(adminCategoriesApi.util.upsertQueryData('adminCategoryOptions', undefined, { all: [totes] }));
  store.dispatch(adminProductsApi.util.upsertQueryData('adminProduct', tote._id, { product: tote }));
  store.dispatch(
    adminProductsApi.util.upsertQueryData(
      'stockLedger',
      { id: tote._id, page: 1 },
      { productId: tote._id, stock: 0, threshold: 3, rows: [], page: 1, pages: 1, total: 0 },
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/products/add', element: <ProductFormPage /> },
      { path: '/admin/products/edit/:id', element: <ProductFormPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

function optionTexts(label: string) {
  return [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
}

function imageOrder() {
  return within(screen.getByRole('list', { name: 'Product images' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));
}

describe('product form (docs/product.md §2 Add/Edit Product, §5 Product)', () => {
  it('offers the 11 colours, live categories and only offers for products', async () => {
    renderForm('/admin/products/add');
    expect(screen.getByRole('heading', { name: 'Add Product' })).toBeTruthy();
    expect(optionTexts('Color')).toEqual(['Select color', ...COLORS]);
    expect(COLORS).toHaveLength(11);
    await screen.findByRole('option', { name: 'Totes' });
    expect(optionTexts('Category')).toEqual(['Select category', 'Totes']);
    await screen.findByRole('option', { name: 'Flash (10% off)' });
    expect(optionTexts('Offer')).toEqual(['None', 'Flash (10% off)']);
    expect(screen.getByText('Length x breadth x height in cm, e.g. 30Lx12Bx40Hcm')).toBeTruthy();
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
  });

  it('shows the exact message under every empty field and asks for an image', async () => {
    const user = userEvent.setup();
    renderForm('/admin/products/add');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(M.productNameRequired)).toBeTruthy();
    expect(screen.getByText(M.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(M.priceInvalid)).toBeTruthy();
    expect(screen.getByText(M.categoryRequired)).toBeTruthy();
    expect(screen.getByText(M.quantityInvalid)).toBeTruthy();
    expect(screen.getByText(M.brandRequired)).toBeTruthy();
    expect(screen.getByText(M.colorRequired)).toBeTruthy();
    expect(screen.getByText(M.sizeRequired)).toBeTruthy();
    expect(screen.getByText(M.imageUploadRequired)).toBeTruthy();
    expect(screen.getByLabelText('Images').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a bad size, a zero quantity on add and a name with a character names do not hold', async () => {
    const user = userEvent.setup();
    renderForm('/admin/products/add');
    await setField(user, 'Name', 'Tote @ Home');
    await setField(user, 'Description', 'D'.repeat(201));
    await setField(user, 'Size', '30x12x40');
    await setField(user, 'Quantity', '0');
    await setField(user, 'Price', '0');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await setField(user, 'SKU', 'TOTE #1');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(M.skuInvalid)).toBeTruthy();
    expect(screen.getByText(M.productNameLetters)).toBeTruthy();
    expect(screen.getByText(M.descriptionMax)).toBeTruthy();
    expect(screen.getByText(M.sizeRequired)).toBeTruthy();
    expect(screen.getByText(M.quantityInvalid)).toBeTruthy();
    expect(screen.getByText(M.priceInvalid)).toBeTruthy();
  });

  it('prefills the edit form, keeps a blocked category and allows a stock of 0', async () => {
    const user = userEvent.setup();
    renderForm(`/admin/products/edit/${tote._id}`);
    expect(await screen.findByRole('button', { name: 'Update Product' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Canvas Tote');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(retired._id);
    expect(screen.getByRole('option', { name: 'Retired (blocked)' })).toBeTruthy();
    expect((screen.getByLabelText('Offer') as HTMLSelectElement).value).toBe(flash._id);
    expect((screen.getByLabelText('Color') as HTMLSelectElement).value).toBe('Beige');
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('SKU') as HTMLInputElement).value).toBe('BAG-TOTE-01');
    expect(imageOrder()).toEqual(tote.thumbs);

    await setField(user, 'Brand', '');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(M.brandRequired)).toBeTruthy();
    expect(screen.queryByText(M.quantityInvalid)).toBeNull();
    expect(screen.queryByText(M.imageUploadRequired)).toBeNull();
    // A brand over its limit names the limit, not 'Brand is required'.
    await setField(user, 'Brand', 'B'.repeat(16));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Brand must be at most 15 characters long')).toBeTruthy();
    expect(screen.queryByText(M.brandRequired)).toBeNull();
  });

  it('moves saved images left and right', async () => {
    const user = userEvent.setup();
    renderForm(`/admin/products/edit/${tote._id}`);
    await screen.findByRole('button', { name: 'Update Product' });
    const [a, b, c] = tote.thumbs;

    expect(screen.getByRole('button', { name: 'Move image 1 left' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move image 3 right' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move image 1 right' }));
    expect(imageOrder()).toEqual([b, a, c]);
    await user.click(screen.getByRole('button', { name: 'Move image 3 left' }));
    expect(imageOrder()).toEqual([b, c, a]);
  });
});
