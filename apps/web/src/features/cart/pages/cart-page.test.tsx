import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rupees } from '../../../components/price.tsx';
import { registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  addToCart,
  cartOf,
  createProduct,
  emptyCart,
  seededCategory,
  seededProduct,
  toggleProductBlock,
} from '../../../test/shop-data.ts';
import { CartPage } from './cart-page.tsx';

const server = withRealServer();

let shopper: AuthPayload;
beforeAll(async () => {
  shopper = await registerShopper();
});
beforeEach(async () => {
  await emptyCart(shopper.token);
  rememberSession(shopper);
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
    const daypack = await seededProduct('Campus Daypack');
    await addToCart(shopper.token, daypack._id);
    const [line] = (await cartOf(shopper.token)).carts;
    page();
    expect(await screen.findByText(daypack.name)).toBeTruthy();
    expect(screen.getByText(`Colour: ${daypack.color}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Decrease quantity of ${daypack.name}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'CHECKOUT' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: `Increase quantity of ${daypack.name}` }));
    await waitFor(() => server.last('/api/products/update-cart', 'POST'));
    expect(server.last('/api/products/update-cart', 'POST').body).toEqual({ cartId: line._id, qty: 2 });
    const after = await cartOf(shopper.token);
    expect(after.carts.map((l) => l.qty)).toEqual([2]);
    await waitFor(() =>
      expect(document.querySelector('dd.summary-final')?.textContent).toBe(rupees(after.summary.final)),
    );
  });

  it('disables CHECKOUT when a line is unavailable', async () => {
    const wallets = await seededCategory('Wallets');
    const product = await createProduct({ name: `${uniqueWord()} Wallet`, category: wallets._id });
    await addToCart(shopper.token, product._id);
    await toggleProductBlock(product._id);
    page();
    expect(await screen.findByText(CATALOGUE_MSG.productUnavailable)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CHECKOUT' })).toHaveProperty('disabled', true);
  });

  it("says 'Your cart is empty' with a way back to the shop", async () => {
    page();
    expect(await screen.findByRole('heading', { name: CATALOGUE_MSG.cartEmpty })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to shop' }).getAttribute('href')).toBe('/shop-products');
  });

  it('shows the server message when removing fails', async () => {
    const user = userEvent.setup();
    const daypack = await seededProduct('Campus Daypack');
    await addToCart(shopper.token, daypack._id);
    const [line] = (await cartOf(shopper.token)).carts;
    page();
    const remove = await screen.findByRole('button', { name: `Remove ${daypack.name} from cart` });
    // Removed meanwhile elsewhere (another tab): the shop no longer knows the line.
    await emptyCart(shopper.token);
    await user.click(remove);
    expect(await screen.findByText(CATALOGUE_MSG.cartLineNotFound)).toBeTruthy();
    expect(server.last(`/api/products/remove-cart/${line._id}`, 'DELETE').status).toBe(404);
  });
});
