import type { OrderDto } from '@bagshop/shared/order-types';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileStart, watchDownloads } from '../../../test/downloads.ts';
import {
  adminSession,
  callApi,
  registerShopper,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { confirmCod, shipByHand } from '../../../test/shipments.ts';
import { addToCart, createCategory, createProduct } from '../../../test/shop-data.ts';
import { AdminOrdersPage } from './admin-orders-page.tsx';

// The realtime connection is not what these tests look at; it must not reach for a server.
vi.mock('socket.io-client', () => ({
  io: () => ({ connected: true, active: true, on() {}, off() {}, connect() {}, disconnect() {} }),
}));

const server = withRealServer();
const downloads = watchDownloads();

let shopper: AuthPayload;
let shipped: OrderDto;
let waiting: OrderDto;
let shipmentId: string;
beforeAll(async () => {
  shopper = await registerShopper();
  const { address } = await callApi<{ address: { _id: string } }>('POST', '/api/user/account/add-address', {
    token: shopper.token,
    body: {
      name: 'Rohan Das',
      houseName: 'Green Court',
      street: 'Park Street',
      town: 'Kolkata',
      zipcode: '700016',
      state: 'West Bengal',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  const category = await createCategory(`${uniqueWord(6)} Slings`);
  const sling = await createProduct({ name: `${uniqueWord(8)} Sling`, category: category._id, price: 399 });
  const place = async () => {
    await addToCart(shopper.token, sling._id, 1);
    const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
      token: shopper.token,
      body: { addressId: address._id, paymentMethod: 'cod' },
      expect: 201,
    });
    await confirmCod(shopper.token, order._id);
    return order;
  };
  shipped = await place();
  waiting = await place();
  shipmentId = (await shipByHand(shipped._id))._id;
});
beforeEach(() => {
  rememberSession(adminSession());
});

/** The list searched down to this file's shopper: their two orders. */
function openList() {
  renderScreen(
    <>
      <AdminOrdersPage />
      <ToastContainer />
    </>,
    { path: '/admin/orders', url: `/admin/orders?searchTerm=${encodeURIComponent(shopper.user.email)}` },
  );
}

/** The row's box; the phone's list repeats it, and one tick ticks both. */
const rowBox = async (order: OrderDto) => (await screen.findAllByLabelText(`Select order ${order.orderId}`))[0];

describe('admin orders list: shipping several orders', () => {
  it('prints the labels of the ticked orders’ shipments as one PDF', async () => {
    downloads.start();
    const user = userEvent.setup();
    openList();
    await user.click(await rowBox(shipped));
    await user.click(await rowBox(waiting));
    expect(screen.getByText('2 orders selected')).toBeTruthy();
    // The page tests' shop books by hand: each order needs its own AWB, so there is no bulk booking.
    expect(server.last('/api/admin/shipping').answer).toMatchObject({ provider: 'manual' });
    expect(screen.queryByRole('button', { name: 'Ship selected' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Print labels' }));
    await waitFor(() => expect(downloads.offered).toHaveLength(1));
    const call = server.last('/api/admin/shipments/labels', 'POST');
    expect(call.body).toEqual({ shipmentIds: [shipmentId] });
    expect(call.status).toBe(200);
    expect(await fileStart(downloads.offered[0]?.blob)).toBe('%PDF-');
  });

  it('says so when the ticked orders have no shipment to print', async () => {
    const user = userEvent.setup();
    openList();
    await user.click(await rowBox(waiting));
    await user.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(await screen.findByText(SHIPPING_SCREEN_MSG.noLiveShipments)).toBeTruthy();
    expect(server.calls.filter((call) => call.path === '/api/admin/shipments/labels')).toEqual([]);
  });
});
