import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import { SEARCH_MSG } from '@bagshop/shared/schemas/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { productDetails, seededCategory, seededProduct } from '../../../test/shop-data.ts';
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

const server = withRealServer();

/** The shop's answer to the page's latest list call, once it came. */
async function listAnswer() {
  const call = await waitFor(() => server.last('/api/products/shop-products'));
  return { sent: call.search, status: call.status, answer: call.answer as ProductCardPage };
}

/** The page shows exactly the shop's answer: one card per product, and the count. */
async function expectCardsOf(answer: ProductCardPage) {
  const results = within(screen.getByRole('region', { name: 'Results' }));
  // Two colours of one bag share a name (an imported handle): each card is known by its own product's link.
  for (const product of answer.products) {
    const links = await results.findAllByRole('link', { name: product.name });
    expect(links.some((a) => a.getAttribute('href') === `/details/${product._id}`)).toBe(true);
  }
  expect(results.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/details/'))).toHaveLength(
    answer.products.length,
  );
  expect(screen.getByText(`${answer.total} ${answer.total === 1 ? 'product' : 'products'}`)).toBeTruthy();
}

describe('shop page', () => {
  it('reads the filters from the URL, sends them to the API, shows what it answers and writes changes back', async () => {
    const user = userEvent.setup();
    const totes = await seededCategory('Totes');
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: `/shop-products?keyword=tote&color=Brown&category=${totes._id}&sortBy=priceHighLow`,
    });
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveProperty('value', 'tote');
    expect(screen.getByRole('checkbox', { name: 'Brown' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText('Sort by')).toHaveProperty('value', 'priceHighLow');

    const { sent, answer } = await listAnswer();
    expect(sent.get('keyword')).toBe('tote');
    expect(sent.getAll('color')).toEqual(['Brown']);
    expect(sent.getAll('category')).toEqual([totes._id]);
    expect(sent.get('sortBy')).toBe('priceHighLow');
    expect(sent.get('page')).toBe('1');
    // The demo catalogue has brown totes, so the list is not empty and every card honours the filters.
    expect(answer.products.map((p) => p.name)).toContain('Leather Work Tote');
    for (const card of answer.products) {
      const p = await productDetails(card._id);
      expect([p.color, p.category._id]).toEqual(['Brown', totes._id]);
    }
    await expectCardsOf(answer);
    expect((await screen.findByRole('checkbox', { name: 'Totes' })).getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('color')).toEqual(['Brown', 'Red']);
    expect(search.get('keyword')).toBe('tote');
    expect(search.get('sortBy')).toBe('priceHighLow');
    await waitFor(() =>
      expect(server.last('/api/products/shop-products').search.getAll('color')).toEqual(['Brown', 'Red']),
    );
  });

  it('asks for the page in the URL and starts again at page 1 when a filter changes', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: '/shop-products?sortBy=nameAsc&page=2',
    });
    const { sent, answer } = await listAnswer();
    expect(sent.get('page')).toBe('2');
    expect(answer.page).toBe(2);
    expect(answer.products.length).toBeGreaterThan(0);
    await expectCardsOf(answer);
    expect(screen.getByLabelText('Page 2').closest('li')?.className).toContain('active');

    await user.click(screen.getByRole('checkbox', { name: 'Black' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('color')).toEqual(['Black']);
    expect(search.has('page')).toBe(false);
  });

  it("says 'No products match your filters' and Clear filters empties the query", async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: '/shop-products?color=Yellow&minPrice=90000',
    });
    expect(await screen.findByText(CATALOGUE_MSG.noProducts)).toBeTruthy();
    expect((await listAnswer()).answer.total).toBe(0);
    const [clear] = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    expect(router.state.location.search).toBe('');
  });

  it('shows the shop’s refusal with Retry when the list cannot be loaded', async () => {
    // A hand-edited link with a keyword longer than the shop accepts: the server answers 400.
    renderScreen(<ShopPage />, { path: '/shop-products', url: `/shop-products?keyword=${'a'.repeat(101)}` });
    const { status, answer } = await listAnswer();
    expect(status).toBe(400);
    const message = (answer as unknown as { message: string }).message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('suggests products as the shopper types, and the arrow and Enter open the one chosen', async () => {
    const user = userEvent.setup();
    const daypack = await seededProduct('Campus Daypack');
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: '/shop-products',
      extraRoutes: [{ path: '/details/:id', element: <p>Details page</p> }],
    });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'campu');
    const list = await screen.findByRole('listbox', { name: SEARCH_MSG.suggestionsLabel });
    await within(list).findByRole('option', { name: 'Campus Daypack' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getAllByRole('option').length).toBeLessThanOrEqual(8);
    await user.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0];
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // The arrow opens the list again with nothing chosen; each press moves one down.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    for (let i = 0; i <= names.indexOf('Campus Daypack'); i++) await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: 'Campus Daypack' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/details/${daypack._id}`));
  });

  it('offers the word the shop has when a typo matched nothing, with the near names under it', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<ShopPage />, { path: '/shop-products', url: '/shop-products?keyword=campsu' });
    const offer = await screen.findByTestId('did-you-mean');
    expect(offer.textContent).toContain(SEARCH_MSG.noExactMatch('campsu'));
    expect((await listAnswer()).answer).toMatchObject({ didYouMean: 'campus' });
    expect(screen.getByRole('heading', { name: SEARCH_MSG.nearMatches })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Campus Daypack' })).toBeTruthy();
    await user.click(within(offer).getByRole('link', { name: 'campus' }));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('campus');
  });
});
