import type { ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { estimateText, SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { callApi, registerShopper, rememberSession, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { addToCart, createCategory, createProduct } from '../../../test/shop-data.ts';
import { CheckoutPage } from './checkout-page.tsx';

const server = withRealServer();

const address = (zipcode: string, state: string, town: string) => ({
  name: 'Asha Rao',
  houseName: 'Lake View',
  street: 'Beach Road',
  town,
  zipcode,
  state,
  country: 'IN',
  phone: '9876543210',
});

const estimateFor = (pincode: string) =>
  server.calls.filter((c) => c.path === '/api/shipping/estimate' && c.search.get('pincode') === pincode).at(-1)
    ?.answer as ShippingEstimate;

describe('checkout: delivery and cash on delivery for the chosen address', () => {
  it('offers no cash on delivery where the courier takes no cash, and does again for an address where it does', async () => {
    const shopper = await registerShopper();
    for (const place of [
      address('744101', 'Andaman and Nicobar Islands', 'Port Blair'),
      address('560001', 'Karnataka', 'Bengaluru'),
    ]) {
      await callApi('POST', '/api/user/account/add-address', { token: shopper.token, body: place, expect: 201 });
    }
    const category = await createCategory(`${uniqueWord(6)} Pouches`);
    const pouch = await createProduct({ name: `${uniqueWord(8)} Pouch`, category: category._id, price: 450 });
    await addToCart(shopper.token, pouch._id, 1);

    rememberSession(shopper);
    renderScreen(
      <>
        <CheckoutPage />
        <ToastContainer />
      </>,
      { path: '/checkout' },
    );
    const line = await screen.findByText(/^Delivery to 744101 by /);
    expect(line.textContent).toBe(estimateText(estimateFor('744101')));
    const cod = screen.getByRole('radio', { name: 'Cash on Delivery' });
    await waitFor(() => expect(screen.getByText(SHIPPING_MSG.codNotAvailable('744101'))).toBeTruthy());
    expect(cod).toHaveProperty('disabled', true);
    expect(cod.getAttribute('aria-describedby')).toBe('payment-cod-note');
    expect(document.getElementById('payment-cod-note')?.textContent).toBe(SHIPPING_MSG.codNotAvailable('744101'));
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Address 2: Asha Rao/ }));
    const nearer = await screen.findByText(/^Delivery to 560001 by /);
    expect(nearer.textContent).toBe(estimateText(estimateFor('560001')));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toHaveProperty('disabled', false),
    );
    expect(server.last('/api/user/cod-eligibility').answer).toEqual({ allowed: true, message: null });
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    expect(screen.getByText(/^You pay ₹\S+ by Cash on Delivery$/)).toBeTruthy();
  });

  // The manual courier service serves every pincode (apps/api/src/platform/shipping/manual.ts), so the page tests'
  // shop has no address it cannot deliver to; the Playwright journey meets one through the Shiprocket stand-in.
});
