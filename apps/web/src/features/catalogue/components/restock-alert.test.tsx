import { RESTOCK_MSG } from '@bagshop/shared/restock-messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { createProduct, seededCategory, setStock } from '../../../test/shop-data.ts';
import { ProductDetailsPage } from '../pages/product-details-page.tsx';

const server = withRealServer();

let shopper: AuthPayload;
let soldOutId: string;
beforeAll(async () => {
  shopper = await registerShopper();
  const wallets = await seededCategory('Wallets');
  const wallet = await createProduct({ name: `${uniqueWord()} Wallet`, category: wallets._id, quantity: 1 });
  soldOutId = (await setStock(wallet, 0))._id;
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

describe('Notify me on an out-of-stock bag', () => {
  it('sends a visitor to sign in first', async () => {
    const user = userEvent.setup();
    page(soldOutId);
    await user.click(await screen.findByRole('button', { name: RESTOCK_MSG.notifyMe }));
    expect(await screen.findByText('Sign-in screen')).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/user/notify-me'))).toBe(false);
  });

  it("asks once, shows 'We'll mail you', and can be taken back", async () => {
    const user = userEvent.setup();
    rememberSession(shopper);
    page(soldOutId);
    expect(await screen.findByText(RESTOCK_MSG.notifyMeHint)).toBeTruthy();
    // The button waits, disabled, until the shopper's current request is known.
    const notify = await screen.findByRole('button', { name: RESTOCK_MSG.notifyMe });
    await vi.waitFor(() => expect(notify).toHaveProperty('disabled', false));
    await user.click(notify);
    await vi.waitFor(() => expect(server.last(`/api/user/notify-me/${soldOutId}`, 'POST').status).toBe(200));
    expect(await screen.findByText(RESTOCK_MSG.asked)).toBeTruthy();
    expect(await screen.findByText(RESTOCK_MSG.notifying)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: RESTOCK_MSG.stopNotifying }));
    expect(await screen.findByText(RESTOCK_MSG.stopped)).toBeTruthy();
    expect(await screen.findByRole('button', { name: RESTOCK_MSG.notifyMe })).toBeTruthy();
    expect(server.last(`/api/user/notify-me/${soldOutId}`, 'DELETE').status).toBe(200);
  });
});
