import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductDetailDto } from '@bagshop/shared/catalogue-types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../../auth/test/signed-in.ts';
import { aProduct } from '../test-products.ts';
import { ProductDetailsPage } from './product-details-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'a3f1c2d4-1111-4a53-9d55-0b1f3c1a2b01';

function detail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return { ...aProduct({ _id: ID }), reviews: [], reviewedByMe: false, ...overrides };
}

function serve(product: ProductDetailDto | null, extra: Record<string, unknown> = {}) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === `/api/products/${ID}`) {
      return product
        ? { body: { product } }
        : { status: 404, body: { message: CATALOGUE_MSG.productNotFound, code: 'NOT_FOUND' } };
    }
    if (path.startsWith('/api/products/related/')) return { body: { products: [] } };
    if (path === '/api/products/get-wishlist') return { body: { wishlist: [] } };
    if (path in extra) return { status: 201, body: extra[path] };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const page = () =>
  renderScreen(
    <>
      <ProductDetailsPage />
      <ToastContainer />
    </>,
    {
      path: '/details/:id',
      url: `/details/${ID}`,
      extraRoutes: [{ path: '/login', element: <p>Sign-in screen</p> }],
    },
  );

describe('product details', () => {
  it('shows price after offer beside the struck-through price, offer badge, stock, colour and size', async () => {
    serve(detail({ discountPercent: 20, discount: 259.8, finalPrice: 1039.2, quantity: 3 }));
    page();
    expect(await screen.findByRole('heading', { name: 'Leather Tote' })).toBeTruthy();
    expect(screen.getByText('₹1,039.20')).toBeTruthy();
    expect(screen.getByText('₹1,299.00').tagName).toBe('DEL');
    expect(screen.getByText('20% OFF')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText('35Lx12Bx30Hcm')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeTruthy();
  });

  it('sends visitors who add to cart to sign in', async () => {
    const user = userEvent.setup();
    serve(detail());
    const { router } = page();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Sign-in screen')).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/details/${ID}` } });
  });

  it("adds the chosen quantity to the cart and toasts 'Item added to cart'", async () => {
    const user = userEvent.setup();
    signInAs();
    const calls = serve(detail(), {
      '/api/products/add-to-cart': { message: CATALOGUE_MSG.addedToCart, cart: { carts: [], summary: {} } },
    });
    page();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(CATALOGUE_MSG.addedToCart)).toBeTruthy();
    const add = calls.find((c) => c.path === '/api/products/add-to-cart');
    expect(add?.body).toEqual({ productId: ID, qty: 2 });
    expect(screen.getByRole('button', { name: 'Wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("says 'This product is currently unavailable' and disables buying and wishlisting", async () => {
    signInAs();
    serve(detail({ available: false }));
    page();
    expect(await screen.findByText(CATALOGUE_MSG.productUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wishlist' })).toHaveProperty('disabled', true));
  });

  it('shows the 404 screen for an unknown product', async () => {
    serve(null);
    page();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
