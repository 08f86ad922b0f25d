import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../../../test/fail-on-console-error.ts';
import { renderScreen } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

describe('home page', () => {
  it("has a NEW PRODUCTS section that says 'Loading Products...' while loading", () => {
    // jsdom has no server: the product calls fail to reach one, which RTK Query reports on the console.
    const logged = allowConsoleError();
    renderScreen(<HomePage />);
    expect(screen.getByRole('heading', { name: 'NEW PRODUCTS' })).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MSG.loadingProducts)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/shop-products');
    for (const call of logged) expect(String(call.join(' '))).toMatch(/Failed to parse URL from \/api\//);
  });
});
