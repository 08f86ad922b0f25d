import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  cartOf,
  createProduct,
  emptyCart,
  emptyWishlist,
  seededCategory,
  seededProduct,
  toggleProductBlock,
  toggleWishlist,
  wishlistOf,
} from '../../../test/shop-data.ts';
import { WishlistPage } from './wishlist-page.tsx';

const server = withRealServer();

let shopper: AuthPayload;
beforeAll(async () => {
  shopper = await registerShopper();
});
beforeEach(async () => {
  await emptyWishlist(shopper.token);
  await emptyCart(shopper.token);
  rememberSession(shopper);
});

const page = () =>
  renderScreen(
    <>
      <WishlistPage />
      <ToastContainer />
    </>,
    { path: '/wishlist' },
  );

/** A demo product saved in the shopper's wishlist through the API. */
async function saved(name = 'Classic Satchel') {
  const product = await seededProduct(name);
  await toggleWishlist(shopper.token, product._id);
  return product;
}

describe('wishlist page', () => {
  it("adds one unit to the cart and toasts 'Item added to cart'", async () => {
    const user = userEvent.setup();
    const product = await saved();
    page();
    await user.click(await screen.findByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByText(CATALOGUE_MSG.addedToCart)).toBeTruthy();
    expect(server.last('/api/products/add-to-cart', 'POST').body).toEqual({ productId: product._id, qty: 1 });
    const { carts } = await cartOf(shopper.token);
    expect(carts.map((line) => [line.productId, line.qty])).toEqual([[product._id, 1]]);
  });

  it('removes through the wishlist toggle with the productId', async () => {
    const user = userEvent.setup();
    const product = await saved();
    page();
    await user.click(await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` }));
    expect(await screen.findByText(CATALOGUE_MSG.removedFromWishlist)).toBeTruthy();
    expect(server.last('/api/products/update-wishlist', 'POST').body).toEqual({ productId: product._id });
    expect(await wishlistOf(shopper.token)).toEqual([]);
    expect(await screen.findByRole('heading', { name: MSG.wishlistEmpty })).toBeTruthy();
  });

  it('keeps an entry removed meanwhile elsewhere removed', async () => {
    const user = userEvent.setup();
    const product = await saved();
    page();
    const remove = await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` });
    await toggleWishlist(shopper.token, product._id);
    await user.click(remove);
    expect(await screen.findByText(CATALOGUE_MSG.removedFromWishlist)).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/products/update-wishlist').map((c) => c.answer)).toEqual([
        expect.objectContaining({ added: true }),
        expect.objectContaining({ added: false }),
      ]),
    );
    expect(await wishlistOf(shopper.token)).toEqual([]);
  });

  it('shows the shop’s message when removing fails', async () => {
    const user = userEvent.setup();
    const wallets = await seededCategory('Wallets');
    const product = await createProduct({ name: `${uniqueWord()} Wallet`, category: wallets._id });
    await toggleWishlist(shopper.token, product._id);
    page();
    const remove = await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` });
    // Removed elsewhere, then blocked: the toggle would add it back, which the shop refuses.
    await toggleWishlist(shopper.token, product._id);
    await toggleProductBlock(product._id);
    await user.click(remove);
    expect(await screen.findByText(CATALOGUE_MSG.productUnavailable)).toBeTruthy();
    expect(server.last('/api/products/update-wishlist', 'POST').status).toBe(409);
  });

  it('says the wishlist is empty', async () => {
    page();
    expect(await screen.findByRole('heading', { name: MSG.wishlistEmpty })).toBeTruthy();
  });
});
