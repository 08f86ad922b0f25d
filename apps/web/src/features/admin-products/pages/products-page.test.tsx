import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { adminSession, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  createCategory,
  createOffer,
  createProduct,
  setStock,
  toggleCategoryBlock,
  toggleProductBlock,
} from '../../../test/shop-data.ts';
import { AdminProductsPage } from './products-page.tsx';

const server = withRealServer();

beforeEach(() => {
  rememberSession(adminSession());
});

// Four products of our own, found by a word only their names carry.
const tag = uniqueWord(6);
let plain: ProductDto;
let onOffer: ProductDto;
let blocked: ProductDto;
let hidden: ProductDto;
beforeAll(async () => {
  const offer = await createOffer(`${tag} Ten`, 10);
  const totes = await createCategory(`${tag} Totes`);
  const clutches = await createCategory(`${tag} Clutch`);
  plain = await createProduct({ name: `${tag} Canvas Tote`, category: totes._id, price: 1299, quantity: 12 });
  onOffer = await setStock(
    await createProduct({ name: `${tag} Leather Duffel`, category: totes._id, price: 4999, offer: offer._id }),
    0,
  );
  blocked = await createProduct({ name: `${tag} Jute Sling`, category: totes._id });
  await toggleProductBlock(blocked._id);
  hidden = await createProduct({ name: `${tag} Mini Clutch`, category: clutches._id });
  await toggleCategoryBlock(clutches._id);
});

describe('admin products list', () => {
  it('shows thumbnail, name, category, price after offer, stock and state', async () => {
    renderScreen(<AdminProductsPage />, { path: '/admin/products', url: `/admin/products?keyword=${tag}` });

    const table = within(await screen.findByRole('table'));
    const rowOf = (product: ProductDto) => table.getByText(product.name).closest('tr') as HTMLElement;
    const row = (product: ProductDto) => within(rowOf(product));
    const { answer } = await waitFor(() => server.last('/api/products/'));
    const shown = new Map((answer as { products: ProductDto[] }).products.map((p) => [p._id, p]));
    expect([...shown.keys()].sort()).toEqual([plain, onOffer, blocked, hidden].map((p) => p._id).sort());

    expect(row(plain).getByText(rupees(1299))).toBeTruthy();
    expect(row(plain).getByText(`${tag} Totes`)).toBeTruthy();
    expect(row(plain).getByText('12')).toBeTruthy();
    expect(row(plain).getByText('Active')).toBeTruthy();
    expect(rowOf(plain).querySelector('img')?.getAttribute('src')).toBe(shown.get(plain._id)?.thumbs[0]);

    // 10 % off ₹4,999: the shop's price after offer, the original struck through.
    expect(shown.get(onOffer._id)?.finalPrice).toBe(4499.1);
    expect(row(onOffer).getByText(rupees(4499.1))).toBeTruthy();
    expect(row(onOffer).getByText(rupees(4999)).tagName).toBe('DEL');
    expect(row(onOffer).getByText('10% off')).toBeTruthy();
    expect(row(onOffer).getByText('Out of stock')).toBeTruthy();

    expect(row(blocked).getByText('Blocked')).toBeTruthy();
    expect(row(blocked).getByRole('button', { name: `Unblock ${blocked.name}` })).toBeTruthy();
    expect(row(hidden).getByText('Category blocked')).toBeTruthy();
    expect(screen.getByText(`4 products matching “${tag}”`)).toBeTruthy();
  });

  it('offers a retry when the list cannot load', async () => {
    // A hand-edited link with a keyword longer than the shop accepts: the server answers 400.
    renderScreen(<AdminProductsPage />, { path: '/admin/products', url: `/admin/products?keyword=${'a'.repeat(101)}` });
    const { status, answer } = await waitFor(() => server.last('/api/products/'));
    expect(status).toBe(400);
    expect(await screen.findByText((answer as { message: string }).message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
