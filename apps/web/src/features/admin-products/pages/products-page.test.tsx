import type { CategoryDto, ProductDto } from '@bagshop/shared/catalogue-types';
import { formatINR } from '@bagshop/shared/pricing/money';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { AdminProductsPage } from './products-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const totes: CategoryDto = { _id: '33333333-3333-4333-8333-333333333333', name: 'Totes', offer: null, isExist: true };
const base: ProductDto = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'Canvas Tote',
  description: 'A roomy canvas tote.',
  price: 1299,
  offer: null,
  category: totes,
  quantity: 12,
  brand: 'Bagshop',
  color: 'Beige',
  size: '30Lx12Bx40Hcm',
  pdImage: ['/uploads/products/a.webp'],
  thumbs: ['/uploads/products/a-t.webp'],
  isExist: true,
  available: true,
  rating: 0,
  numReviews: 0,
  discountPercent: 0,
  discount: 0,
  finalPrice: 1299,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const onOffer: ProductDto = {
  ...base,
  _id: '66666666-6666-4666-8666-666666666666',
  name: 'Leather Duffel',
  price: 4999,
  discountPercent: 10,
  discount: 499.9,
  finalPrice: 4499.1,
  quantity: 0,
};
const blocked: ProductDto = {
  ...base,
  _id: '77777777-7777-4777-8777-777777777777',
  name: 'Jute Sling',
  isExist: false,
};
const hidden: ProductDto = {
  ...base,
  _id: '88888888-8888-4888-8888-888888888888',
  name: 'Mini Clutch',
  available: false,
  category: { ...totes, name: 'Clutches', isExist: false },
};

describe('admin products list', () => {
  it('shows thumbnail, name, category, price after offer, stock and state', async () => {
    fakeServer(() => ({ body: { products: [base, onOffer, blocked, hidden], total: 4, page: 1, pages: 1 } }));
    renderScreen(<AdminProductsPage />, { path: '/admin/products' });

    const table = within(await screen.findByRole('table'));
    const row = (name: string) => within(table.getByText(name).closest('tr') as HTMLElement);

    expect(row('Canvas Tote').getByText(formatINR(129900))).toBeTruthy();
    expect(row('Canvas Tote').getByText('Totes')).toBeTruthy();
    expect(row('Canvas Tote').getByText('12')).toBeTruthy();
    expect(row('Canvas Tote').getByText('Active')).toBeTruthy();
    expect(
      (table.getByText('Canvas Tote').closest('tr') as HTMLElement).querySelector('img')?.getAttribute('src'),
    ).toBe('/uploads/products/a-t.webp');

    expect(row('Leather Duffel').getByText(formatINR(449910))).toBeTruthy();
    expect(row('Leather Duffel').getByText(formatINR(499900)).tagName).toBe('DEL');
    expect(row('Leather Duffel').getByText('10% off')).toBeTruthy();
    expect(row('Leather Duffel').getByText('Out of stock')).toBeTruthy();

    expect(row('Jute Sling').getByText('Blocked')).toBeTruthy();
    expect(row('Jute Sling').getByRole('button', { name: 'Unblock Jute Sling' })).toBeTruthy();
    expect(row('Mini Clutch').getByText('Category blocked')).toBeTruthy();
    expect(screen.getByText('4 products')).toBeTruthy();
  });

  it('offers a retry when the list cannot load', async () => {
    fakeServer(() => ({ status: 500, body: { message: 'Something went wrong' } }));
    renderScreen(<AdminProductsPage />, { path: '/admin/products' });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
