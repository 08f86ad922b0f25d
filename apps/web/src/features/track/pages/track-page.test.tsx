import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setField } from '../../../test/fields.ts';
import { callApi, registerShopper, uniqueWord, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  addToCart,
  bookShipmentByHand,
  createCategory,
  createProduct,
  placeConfirmedCodOrder,
} from '../../../test/shop-data.ts';
import { TrackPage } from './track-page.tsx';

const server = withRealServer();

/** A visitor's order of one bag, placed by a new shopper with an address in Kochi. */
async function anOrder() {
  const shopper = await registerShopper();
  const { address } = await callApi<{ address: { _id: string } }>('POST', '/api/user/account/add-address', {
    token: shopper.token,
    body: {
      name: 'Nila Varma',
      houseName: 'Sea Breeze',
      town: 'Kochi',
      street: 'Marine Drive',
      zipcode: '682001',
      state: 'Kerala',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  const category = await createCategory(`${uniqueWord(6)} Packs`);
  const bag = await createProduct({ name: `${uniqueWord(8)} Backpack`, category: category._id, price: 640 });
  await addToCart(shopper.token, bag._id, 1);
  const order = await placeConfirmedCodOrder(shopper.token, address._id);
  return { order, email: shopper.user.email };
}

async function track(user: ReturnType<typeof userEvent.setup>, orderId: string, contact: string) {
  await setField(user, 'Order number', orderId);
  await setField(user, 'Email or phone', contact);
  await user.click(screen.getByRole('button', { name: 'Track order' }));
}

describe('/track', () => {
  it('asks for the order number and the email or phone before asking the shop', async () => {
    const user = userEvent.setup();
    renderScreen(<TrackPage />, { path: '/track' });
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(await screen.findByText(SHIPPING_MSG.trackOrderInvalid)).toBeTruthy();
    expect(screen.getByText(SHIPPING_MSG.trackContactRequired)).toBeTruthy();
    expect(screen.getByLabelText('Order number').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((c) => c.path === '/api/track')).toBe(false);
    expect(document.title).toBe('Track your order · Bag Shop');
  });

  it('says the order is not shipped yet, then shows its parcel once booked; a wrong contact finds nothing', async () => {
    const { order, email } = await anOrder();
    const user = userEvent.setup();
    renderScreen(<TrackPage />, { path: '/track' });

    await track(user, order.orderId.toLowerCase(), email);
    expect(await screen.findByText(SHIPPING_MSG.noShipmentsYet)).toBeTruthy();
    expect(screen.getByRole('heading', { name: `Order ${order.orderId}` })).toBeTruthy();
    expect(server.last('/api/track').search.get('orderId')).toBe(order.orderId);

    const shipment = await bookShipmentByHand(order._id);
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    const card = (await screen.findByRole('heading', { name: 'Shipment' })).closest('.card') as HTMLElement;
    expect(within(card).getByText(shipment.awb)).toBeTruthy();
    expect(within(card).getByText('India Post')).toBeTruthy();
    const history = within(card).getByRole('list', { name: 'Tracking history' });
    expect(within(history).getByText('Booked')).toBeTruthy();
    expect(screen.queryByText(SHIPPING_MSG.noShipmentsYet)).toBeNull();

    await track(user, order.orderId, 'someone.else@example.in');
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
    expect(server.last('/api/track').status).toBe(404);
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
  });
});
