import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import {
  adminSession,
  adminToken,
  callApi,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
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

  it('keeps rows per page and the sorted column in the URL and asks the server for exactly that', async () => {
    const { router } = renderScreen(<AdminProductsPage />, {
      path: '/admin/products',
      url: `/admin/products?keyword=${tag}&limit=25&sort=price&dir=asc&page=1`,
    });
    const table = within(await screen.findByRole('table'));
    const first = await waitFor(() => server.last('/api/products/'));
    expect(Object.fromEntries(first.search)).toMatchObject({ keyword: tag, limit: '25', sort: 'price', dir: 'asc' });
    expect((screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement).value).toBe('25');
    expect(table.getByRole('columnheader', { name: /^Price/ }).getAttribute('aria-sort')).toBe('ascending');
    const ours = [plain, onOffer, blocked, hidden];
    const names = () =>
      table
        .getAllByRole('row')
        .slice(1)
        .map((r) => ours.find((p) => r.textContent?.includes(p.name))?.name);
    // Price after offer, lowest first: the ₹4,499.10 duffel is the dearest.
    await waitFor(() => expect(names().at(-1)).toBe(onOffer.name));

    await userEvent.click(table.getByRole('button', { name: 'Price, sort descending' }));
    await waitFor(() => expect(router.state.location.search).toContain('dir=desc'));
    expect(router.state.location.search).toContain('sort=price');
    await waitFor(() => expect(server.last('/api/products/').search.get('dir')).toBe('desc'));
    await waitFor(() => expect(names()[0]).toBe(onOffer.name));

    // The phone's Sort by control names the same sort and drives the same URL.
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(sortBy.selectedOptions[0].textContent).toBe('Price: high to low');
    await userEvent.selectOptions(sortBy, 'Name: Z to A');
    await waitFor(() => expect(server.last('/api/products/').search.get('sort')).toBe('name'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      sort: 'name',
      dir: 'desc',
      page: '1',
    });
    expect(table.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(table.getByRole('button', { name: 'Stock, sort ascending' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/sort=quantity&dir=asc|dir=asc.*sort=quantity/));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(server.last('/api/products/').search.get('limit')).toBe('50'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ keyword: tag, limit: '50', sort: 'quantity', dir: 'asc', page: '1' });

    // Back returns to the previous size and sort.
    await router.navigate(-1);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('limit')).toBe('25'));
    await waitFor(() => expect(server.last('/api/products/').search.get('limit')).toBe('25'));
  });

  it('blocks the ticked products only after a confirmation; Cancel changes nothing', async () => {
    renderScreen(
      <>
        <AdminProductsPage />
        <ToastContainer />
      </>,
      { path: '/admin/products', url: `/admin/products?keyword=${tag}&sort=name&dir=asc` },
    );
    const table = within(await screen.findByRole('table'));
    await userEvent.click(table.getByRole('checkbox', { name: `Select ${plain.name}` }));
    await userEvent.click(table.getByRole('checkbox', { name: `Select ${onOffer.name}` }));
    expect(screen.getByText('2 products selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Block selected' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    expect(dialog.getByText(/^Block 2 products\?/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/api/products/bulk-block')).toHaveLength(0);
    const stillOn = await callApi<{ product: ProductDto }>('GET', `/api/products/${plain._id}`, {
      token: adminToken(),
    });
    expect(stillOn.product.isExist).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Block selected' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes' }));
    const call = await waitFor(() => server.last('/api/products/bulk-block', 'PUT'));
    expect(call.body).toEqual({ ids: expect.arrayContaining([plain._id, onOffer._id]), action: 'block' });
    expect(call.answer).toEqual({ message: '2 products blocked', changed: 2 });
    expect(await screen.findByText('2 products blocked')).toBeTruthy();
    await waitFor(() =>
      expect(within(table.getByText(plain.name).closest('tr') as HTMLElement).getByText('Blocked')).toBeTruthy(),
    );
    await callApi('PUT', '/api/products/bulk-block', {
      token: adminToken(),
      body: { ids: [plain._id, onOffer._id], action: 'unblock' },
    });
  });
});
