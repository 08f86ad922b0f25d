import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderScreen } from '../../test/render.tsx';
import { aProduct } from '../catalogue/test-products.ts';
import { HomePage } from './home-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it("fills NEW PRODUCTS from the new-products list, saying 'Loading Products...' meanwhile", async () => {
    fakeServer(({ path }) =>
      path === '/api/products/new'
        ? { body: { all: [aProduct()] } }
        : { body: { products: [aProduct({ _id: 'top-1', name: 'City Backpack' })] } },
    );
    renderScreen(<HomePage />);
    expect(screen.getByRole('heading', { name: 'NEW PRODUCTS' })).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MSG.loadingProducts)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Leather Tote' })).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_MSG.loadingProducts)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Top products' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'City Backpack' })).toBeTruthy();
  });
});
