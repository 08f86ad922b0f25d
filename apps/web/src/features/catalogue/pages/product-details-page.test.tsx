import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { cartOf, createProduct, seededCategory, seededProduct, toggleProductBlock } from '../../../test/shop-data.ts';
import { ProductDetailsPage } from './product-details-page.tsx';

const server = withRealServer();

let shopper: AuthPayload;
beforeAll(async () => {
  shopper = await registerShopper();
});

const page = (id: string) =>
  renderScreen(
    <>
      <ProductDetailsPage />
      <ToastContainer />
    </>,
    {
      path: '/details/:id',
      url: `/details/${id}`,
      extraRoutes: [{ path: '/login', element: <p>Sign-in screen</p> }],
    },
  );

describe('product details', () => {
  it('shows price after offer beside the struck-through price, offer badge, stock, colour and size', async () => {
    // In the demo catalogue: five left, on the Big Trip offer.
    const { _id } = await seededProduct('Check In Trolley');
    page(_id);
    expect(await screen.findByRole('heading', { name: 'Check In Trolley' })).toBeTruthy();
    const { product } = server.last(`/api/products/${_id}`).answer as {
      product: { price: number; finalPrice: number; discountPercent: number; quantity: number; size: string };
    };
    expect(product.discountPercent).toBeGreaterThan(0);
    expect(product.quantity).toBeLessThanOrEqual(5);
    expect(screen.getByText(rupees(product.finalPrice))).toBeTruthy();
    expect(screen.getByText(rupees(product.price)).tagName).toBe('DEL');
    expect(screen.getByText(`${product.discountPercent}% OFF`)).toBeTruthy();
    expect(screen.getByText(`Only ${product.quantity} left`)).toBeTruthy();
    expect(screen.getByText(product.size)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeTruthy();
  });

  it('sends visitors who add to cart to sign in', async () => {
    const user = userEvent.setup();
    const { _id } = await seededProduct('Campus Daypack');
    const { router } = page(_id);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Sign-in screen')).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/details/${_id}` } });
    expect(server.calls.some((c) => c.path === '/api/products/add-to-cart')).toBe(false);
  });

  it("adds the chosen quantity to the cart and toasts 'Item added to cart'", async () => {
    const user = userEvent.setup();
    const { _id } = await seededProduct('Campus Daypack');
    rememberSession(shopper);
    page(_id);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(CATALOGUE_MSG.addedToCart)).toBeTruthy();
    expect(server.last('/api/products/add-to-cart', 'POST').body).toEqual({ productId: _id, qty: 2 });
    const { carts } = await cartOf(shopper.token);
    expect(carts.map((line) => [line.productId, line.qty])).toEqual([[_id, 2]]);
    expect(screen.getByRole('button', { name: 'Wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says why the stepper stops: the stock when it is below five, else the five-unit cap', async () => {
    const user = userEvent.setup();
    const { _id: category } = await seededCategory('Wallets');
    const few = await createProduct({ name: `${uniqueWord()} Sling`, category, quantity: 3 });
    const { unmount } = page(few._id);
    const increase = await screen.findByRole('button', { name: 'Increase quantity' });
    expect(screen.getByTestId('quantity-limit').textContent).toBe('');
    await user.click(increase);
    await user.click(increase);
    expect(increase).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quantity-limit').textContent).toBe('Only 3 units are in stock');
    expect(screen.queryByText(CATALOGUE_MSG.maxFivePerLine)).toBeNull();
    unmount();

    const plenty = await createProduct({ name: `${uniqueWord()} Tote`, category, quantity: 40 });
    page(plenty._id);
    const more = await screen.findByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) await user.click(more);
    expect(more).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quantity-limit').textContent).toBe(CATALOGUE_MSG.maxFivePerLine);
  });

  it("says 'This product is currently unavailable' and disables buying and wishlisting", async () => {
    const wallets = await seededCategory('Wallets');
    const blocked = await createProduct({ name: `${uniqueWord()} Wallet`, category: wallets._id });
    await toggleProductBlock(blocked._id);
    rememberSession(shopper);
    page(blocked._id);
    expect(await screen.findByText(CATALOGUE_MSG.productUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wishlist' })).toHaveProperty('disabled', true));
  });

  it('shows the 404 screen for an unknown product', async () => {
    const unknown = crypto.randomUUID();
    page(unknown);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(server.last(`/api/products/${unknown}`).status).toBe(404);
  });
});
