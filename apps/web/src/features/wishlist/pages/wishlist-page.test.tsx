import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signInAs } from '../../auth/test/signed-in.ts';
import { aProduct } from '../../catalogue/test-products.ts';
import { WishlistPage } from './wishlist-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const product = aProduct();
const wishlist = { wishlist: [{ productId: product, color: 'Brown' }] };

const page = () =>
  renderScreen(
    <>
      <WishlistPage />
      <ToastContainer />
    </>,
    { path: '/wishlist' },
  );

describe('wishlist page', () => {
  it("adds one unit to the cart and toasts 'Item added to cart'", async () => {
    const user = userEvent.setup();
    signInAs();
    const calls = fakeServer(({ path }) =>
      path === '/api/products/add-to-cart'
        ? { status: 201, body: { message: CATALOGUE_MSG.addedToCart, cart: { carts: [], summary: {} } } }
        : { body: wishlist },
    );
    page();
    await user.click(await screen.findByRole('button', { name: /Add to cart/ }));
    expect(await screen.findByText(CATALOGUE_MSG.addedToCart)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/products/add-to-cart')?.body).toEqual({
      productId: product._id,
      qty: 1,
    });
  });

  it("removes through the wishlist toggle with the productId, and says 'Failed to remove from Wishlist' on failure", async () => {
    const user = userEvent.setup();
    signInAs();
    const calls = fakeServer(({ path }) =>
      path === '/api/products/update-wishlist' ? { status: 500, body: {} } : { body: wishlist },
    );
    page();
    await user.click(await screen.findByRole('button', { name: 'Remove Leather Tote from wishlist' }));
    expect(await screen.findByText(CATALOGUE_MSG.wishlistRemoveFailed)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/products/update-wishlist')?.body).toEqual({ productId: product._id });
  });

  it('says the wishlist is empty', async () => {
    signInAs();
    fakeServer(() => ({ body: { wishlist: [] } }));
    page();
    expect(await screen.findByRole('heading', { name: MSG.wishlistEmpty })).toBeTruthy();
  });
});
