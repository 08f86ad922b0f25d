import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CartDto } from '@bagshop/shared/catalogue-types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../../auth/test/signed-in.ts';
import { CartPage } from './cart-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const cart = (qty: number, overrides: Partial<CartDto['carts'][number]> = {}): CartDto => ({
  carts: [
    {
      _id: 'l1',
      productId: 'p1',
      name: 'Leather Tote',
      image: '/t.webp',
      color: 'Brown',
      price: 1299,
      discount: 129.9,
      qty,
      originalQuantity: 10,
      available: true,
      ...overrides,
    },
  ],
  summary: {
    totalPrice: 1299 * qty,
    discount: 129.9 * qty,
    tax: 64.95 * qty,
    shipping: 0,
    couponDiscount: 0,
    final: 1234.05 * qty,
  },
});

const page = () =>
  renderScreen(
    <>
      <CartPage />
      <ToastContainer />
    </>,
    { path: '/cart' },
  );

describe('cart page', () => {
  it('changes a line quantity with the stepper and shows the summary', async () => {
    const user = userEvent.setup();
    signInAs();
    let current = cart(1);
    const calls = fakeServer(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/products/update-cart') {
        current = cart((body as { qty: number }).qty);
        return { body: { message: CATALOGUE_MSG.quantityUpdated, cart: current } };
      }
      return { body: current };
    });
    page();
    expect(await screen.findByText('Leather Tote')).toBeTruthy();
    expect(screen.getByText('Colour: Brown')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Leather Tote' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'CHECKOUT' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Leather Tote' }));
    expect(calls.find((c) => c.path === '/api/products/update-cart')?.body).toEqual({ cartId: 'l1', qty: 2 });
    expect(await screen.findByText('₹2,468.10')).toBeTruthy();
  });

  it('disables CHECKOUT when a line is unavailable', async () => {
    signInAs();
    fakeServer(() => ({ body: cart(1, { available: false }) }));
    page();
    expect(await screen.findByText(CATALOGUE_MSG.productUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CHECKOUT' })).toHaveProperty('disabled', true);
  });

  it("says 'Your cart is empty' with a way back to the shop", async () => {
    signInAs();
    fakeServer(() => ({ body: { carts: [], summary: cart(0).summary } }));
    page();
    expect(await screen.findByRole('heading', { name: CATALOGUE_MSG.cartEmpty })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to shop' }).getAttribute('href')).toBe('/shop-products');
  });

  it('shows the server message when removing fails', async () => {
    const user = userEvent.setup();
    signInAs();
    fakeServer(({ method }) =>
      method === 'DELETE' ? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } } : { body: cart(1) },
    );
    page();
    await user.click(await screen.findByRole('button', { name: 'Remove Leather Tote from cart' }));
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
