import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withRealServer } from '../../test/real-server.ts';
import { renderScreen } from '../../test/render.tsx';
import { HOME_HEADING, HomePage } from './home-page.tsx';

const server = withRealServer();

/** Each product the shop answered has its card in the section, and nothing else does. */
async function expectCards(section: string, products: ProductDto[]) {
  const region = within(await screen.findByRole('region', { name: section }));
  // Two colours of one bag share a name (an imported handle): the links are matched by their products below.
  for (const product of products) expect(await region.findAllByRole('link', { name: product.name })).not.toEqual([]);
  const cards = region.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/details/'));
  expect(cards.map((a) => a.getAttribute('href'))).toEqual(products.map((p) => `/details/${p._id}`));
}

describe('home page', () => {
  it('has one h1, naming the shop, and its title is the shop', () => {
    renderScreen(<HomePage />);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual([HOME_HEADING]);
    expect(document.title).toBe('Bag Shop');
  });

  it("fills NEW PRODUCTS from the new-products list, saying 'Loading Products...' meanwhile", async () => {
    renderScreen(<HomePage />);
    expect(screen.getByRole('heading', { name: 'NEW PRODUCTS' })).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MSG.loadingProducts)).toBeTruthy();

    const fresh = (await waitFor(() => server.last('/api/products/new'))).answer as { all: ProductDto[] };
    // The demo catalogue fills the list (six newest).
    expect(fresh.all).toHaveLength(6);
    await expectCards('NEW PRODUCTS', fresh.all);
    expect(screen.queryByText(CATALOGUE_MSG.loadingProducts)).toBeNull();

    const top = (await waitFor(() => server.last('/api/products/top'))).answer as { products: ProductDto[] };
    expect(top.products.length).toBeGreaterThan(0);
    await expectCards('Top products', top.products);
  });
});
