import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../../../../test/fail-on-console-error.ts';
import { renderScreen } from '../../../test/render.tsx';
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

describe('shop page', () => {
  it('reads the filters from the URL and writes changes back to it', async () => {
    // jsdom has no server: the list calls fail to reach one, which RTK Query reports on the console.
    const logged = allowConsoleError();
    const user = userEvent.setup();
    const { router } = renderScreen(<ShopPage />, {
      path: '/shop-products',
      url: '/shop-products?keyword=tote&color=Black&sortBy=priceHighLow&page=2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveProperty('value', 'tote');
    expect(screen.getByRole('checkbox', { name: 'Black' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Sort by')).toHaveProperty('value', 'priceHighLow');
    expect(screen.getByText(CATALOGUE_MSG.loadingProducts)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('color')).toEqual(['Black', 'Red']);
    expect(search.get('keyword')).toBe('tote');
    expect(search.get('sortBy')).toBe('priceHighLow');
    expect(search.has('page')).toBe(false);
    for (const call of logged) expect(String(call.join(' '))).toMatch(/Failed to parse URL from \/api\//);
  });
});
