import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { aProduct } from '../test-products.ts';
import { ShopPage } from './shop-page.tsx';

// jsdom has no matchMedia; the responsive filters drawer asks it whether the screen is wide.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CAT = '0b7d9a6c-2f55-4a53-9d55-0b1f3c1a2b01';
const categories = { all: [{ _id: CAT, name: 'Totes', offer: null, isExist: true }] };

describe('shop page', () => {
  it('reads the filters from the URL, sends them to the API and writes changes back to the URL', async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ path }) =>
      path === '/api/category/all'
        ? { body: categories }
        : { body: { products: [aProduct()], total: 13, page: 2, pages: 2 } },
    );
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: `/shop-products?keyword=tote&color=Black&category=${CAT}&sortBy=priceHighLow&page=2`,
    });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveProperty('value', 'tote');
    expect(screen.getByRole('checkbox', { name: 'Black' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Sort by')).toHaveProperty('value', 'priceHighLow');
    expect(await screen.findByRole('link', { name: 'Leather Tote' })).toBeTruthy();
    expect(screen.getByText('13 products')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Totes' })).toHaveProperty('checked', true);
    const sent = calls.find((c) => c.path === '/api/products/shop-products')?.search;
    expect(sent?.get('keyword')).toBe('tote');
    expect(sent?.getAll('color')).toEqual(['Black']);
    expect(sent?.getAll('category')).toEqual([CAT]);
    expect(sent?.get('sortBy')).toBe('priceHighLow');
    expect(sent?.get('page')).toBe('2');

    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('color')).toEqual(['Black', 'Red']);
    expect(search.get('keyword')).toBe('tote');
    expect(search.get('sortBy')).toBe('priceHighLow');
    expect(search.has('page')).toBe(false);
  });

  it("says 'No products match your filters' and Clear filters empties the query", async () => {
    const user = userEvent.setup();
    fakeServer(({ path }) =>
      path === '/api/category/all' ? { body: categories } : { body: { products: [], total: 0, page: 1, pages: 0 } },
    );
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: '/shop-products?color=Yellow&minPrice=90000',
    });
    expect(await screen.findByText(CATALOGUE_MSG.noProducts)).toBeTruthy();
    const [clear] = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    expect(router.state.location.search).toBe('');
  });

  it('offers Retry when the list cannot be loaded', async () => {
    fakeServer(({ path }) => (path === '/api/category/all' ? { body: categories } : { status: 500, body: {} }));
    renderScreen(<ShopPage />, { path: '/shop-products' });
    expect(await screen.findByText(MSG.productsLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
