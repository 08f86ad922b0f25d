import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shopSettingsApi } from '../api/shop-settings-api.ts';
import { makeStore } from '../store/store.ts';
import { withRealServer } from '../test/real-server.ts';
import { renderScreen } from '../test/render.tsx';
import { Footer } from './footer.tsx';

const server = withRealServer();
afterEach(cleanup);

const thisYearInIndia = () => new Date().toLocaleString('en-IN', { year: 'numeric', timeZone: SHOP_TIME_ZONE });

describe('the storefront footer', () => {
  it("leads to the shop's own pages, shows no social icon the owner has not set, and this year's copyright", async () => {
    renderScreen(<Footer />, { path: '/' });
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links.slice(0, 4)).toEqual([
      ['About us', '/about'],
      ['Products', '/shop-products'],
      ['Contact', '/contact'],
      ['Track your order', '/track'],
    ]);
    expect(links.every(([, href]) => href !== '/')).toBe(true);
    expect(within(nav).queryByText('Awards')).toBeNull();
    // The shop of the test run names its seller and sets no social page.
    await waitFor(() => expect(server.last('/api/shop/settings').status).toBe(200));
    expect(
      await screen.findByText(`© ${thisYearInIndia()} Bag Shop Retail Pvt. Ltd. All rights reserved.`),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Bag Shop elsewhere' })).toBeNull();
  });

  it('links each social page the owner set, named for screen readers', async () => {
    // The owner's settings are in the cache before the footer mounts: no answer of the test shop replaces them.
    const store = makeStore();
    await store.dispatch(
      shopSettingsApi.util.upsertQueryData('shopSettings', undefined, {
        cardPayments: 'off',
        pricesIncludeGst: false,
        sellerName: 'Kochi Leather Works LLP',
        social: { instagram: 'https://www.instagram.com/kochileather' },
      }),
    );
    renderScreen(<Footer />, { path: '/', store });
    const list = await screen.findByRole('list', { name: 'Bag Shop elsewhere' });
    const link = within(list).getByRole('link', { name: 'Instagram' });
    expect(link.getAttribute('href')).toBe('https://www.instagram.com/kochileather');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/Kochi Leather Works LLP\. All rights reserved\./)).toBeTruthy();
  });
});
