import type { ProductDto } from '@bagshop/shared/catalogue-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto, ShipmentOnlyResponse } from '@bagshop/shared/schemas/shipping';
import { SHIPMENT_STATUS_LABELS, SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderDateTime } from '../../../components/order-rules.ts';
import { fileStart, watchDownloads } from '../../../test/downloads.ts';
import {
  adminSession,
  adminToken,
  callApi,
  registerShopper,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { confirmCod, newAwb, shipByHand } from '../../../test/shipments.ts';
import { addToCart, createCategory, createProduct } from '../../../test/shop-data.ts';
import { AdminOrderPage } from './admin-order-page.tsx';

// The realtime connection is not what these tests look at; it must not reach for a server.
vi.mock('socket.io-client', () => ({
  io: () => ({ connected: true, active: true, on() {}, off() {}, connect() {}, disconnect() {} }),
}));

const server = withRealServer();
const SHIPMENTS = '/api/admin/shipments';

let shopper: AuthPayload;
let addressId: string;
let satchel: ProductDto;
let pouch: ProductDto;
beforeAll(async () => {
  shopper = await registerShopper();
  const { address } = await callApi<{ address: { _id: string } }>('POST', '/api/user/account/add-address', {
    token: shopper.token,
    body: {
      name: 'Meera Iyer',
      houseName: 'Coral Flats',
      street: 'Beach Road',
      town: 'Chennai',
      zipcode: '600001',
      state: 'Tamil Nadu',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  addressId = address._id;
  const category = await createCategory(`${uniqueWord(6)} Totes`);
  satchel = await createProduct({ name: `${uniqueWord(8)} Satchel`, category: category._id, price: 549 });
  pouch = await createProduct({ name: `${uniqueWord(8)} Pouch`, category: category._id, price: 199 });
});
beforeEach(() => {
  rememberSession(adminSession());
});

/** A cash-on-delivery order of the satchel and the pouch, confirmed by the shopper unless told otherwise. */
async function placeOrder({ confirmed = true } = {}): Promise<OrderDto> {
  await addToCart(shopper.token, satchel._id, 1);
  await addToCart(shopper.token, pouch._id, 1);
  const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
    token: shopper.token,
    body: { addressId, paymentMethod: 'cod' },
    expect: 201,
  });
  if (confirmed) await confirmCod(shopper.token, order._id);
  return order;
}

const open = (order: OrderDto) =>
  renderScreen(
    <>
      <AdminOrderPage />
      <ToastContainer />
    </>,
    { path: '/admin/orders/edit/:id', url: `/admin/orders/edit/${order._id}` },
  );

const itemRow = (name: string) => screen.getByText(name, { selector: '.fw-semibold' }).closest('tr') as HTMLElement;

const downloads = watchDownloads();

describe('admin order page: shipping', () => {
  it('books the ticked items with the courier and AWB, shows the shipment and downloads its label', async () => {
    const order = await placeOrder();
    const user = userEvent.setup();
    open(order);
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: `Ship order ${order.orderId}` });
    const courier = await within(dialog).findByLabelText('Courier');
    expect(server.last('/api/admin/shipping').answer).toMatchObject({ provider: 'manual' });
    const satchelBox = within(dialog).getByRole('checkbox', { name: `${satchel.name} (Brown) × 1` });
    const pouchBox = within(dialog).getByRole('checkbox', { name: `${pouch.name} (Brown) × 1` });
    expect([satchelBox, pouchBox].map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);

    // Nothing is sent without what the counter receipt says.
    await user.click(within(dialog).getByRole('button', { name: 'Book shipment' }));
    expect(await within(dialog).findByText(SHIPPING_MSG.courierRequired)).toBeTruthy();
    expect(within(dialog).getByText(SHIPPING_MSG.awbRequired)).toBeTruthy();
    expect(courier.getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Tracking number (AWB)'), 'E#1');
    await user.click(within(dialog).getByRole('button', { name: 'Book shipment' }));
    expect(await within(dialog).findByText(SHIPPING_MSG.awbInvalid)).toBeTruthy();
    expect(server.calls.filter((call) => call.path === SHIPMENTS)).toEqual([]);

    // Only the satchel goes in this parcel; a double click books it once.
    await user.click(pouchBox);
    const awb = newAwb();
    await user.type(courier, 'India Post');
    await user.clear(within(dialog).getByLabelText('Tracking number (AWB)'));
    await user.type(within(dialog).getByLabelText('Tracking number (AWB)'), awb);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Book shipment' }));
    expect(await screen.findByText(SHIPPING_MSG.shipmentBooked)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const booked = server.calls.filter((call) => call.path === SHIPMENTS && call.method === 'POST');
    expect(booked).toHaveLength(1);
    const satchelItem = order.items.find((item) => item.product.name === satchel.name);
    expect(booked[0]?.body).toEqual({ orderId: order._id, items: [satchelItem?._id], courier: 'India Post', awb });
    const { shipment } = server.last(SHIPMENTS, 'POST').answer as ShipmentOnlyResponse;

    const card = await screen.findByRole('listitem', { name: `Shipment ${awb}` });
    expect(within(card).getByText('India Post')).toBeTruthy();
    expect(within(card).getByText(SHIPMENT_STATUS_LABELS.booked, { selector: '.badge' })).toBeTruthy();
    expect(within(card).getByText(orderDateTime(shipment.createdAt), { selector: 'dd' })).toBeTruthy();
    expect(within(card).getByText(satchel.name)).toBeTruthy();
    // A counter booking has no tracking page the shop knows, and no label of the courier's.
    expect(within(card).queryByRole('link')).toBeNull();
    await waitFor(() => expect(within(itemRow(satchel.name)).getByText('Shipped')).toBeTruthy());
    expect(within(itemRow(pouch.name)).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();

    downloads.start();
    await user.click(within(card).getByRole('button', { name: `Download label of shipment ${awb}` }));
    await waitFor(() => expect(downloads.offered).toHaveLength(1));
    const label = server.last(`${SHIPMENTS}/${shipment._id}/label`);
    expect(label.status).toBe(200);
    expect(downloads.offered[0]?.name).toMatch(/\.pdf$/);
    expect(await fileStart(downloads.offered[0]?.blob)).toBe('%PDF-');
  });

  it('cancels a shipment that has not been picked up, after asking, and its items wait again', async () => {
    const order = await placeOrder();
    const shipment: AdminShipmentDto = await shipByHand(order._id);
    const user = userEvent.setup();
    open(order);
    const card = await screen.findByRole('listitem', { name: `Shipment ${shipment.awb}` });
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: `Cancel shipment ${shipment.awb}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SHIPPING_SCREEN_MSG.cancelQuestion(shipment.awb))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel shipment' }));
    expect(await screen.findByText(SHIPPING_MSG.shipmentCancelled)).toBeTruthy();
    expect(server.last(`${SHIPMENTS}/${shipment._id}/cancel`, 'POST').status).toBe(200);
    // The desk keeps the cancelled booking in the list, with nothing left to do with it.
    await waitFor(() =>
      expect(within(card).getByText(SHIPMENT_STATUS_LABELS.cancelled, { selector: '.badge' })).toBeTruthy(),
    );
    expect(within(card).queryByRole('button')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ship' })).toBeTruthy();
    for (const name of [satchel.name, pouch.name]) expect(within(itemRow(name)).getByText('Pending')).toBeTruthy();
  });

  it('does not ship a cash-on-delivery order the shopper has not confirmed, as the shop refuses it', async () => {
    const order = await placeOrder({ confirmed: false });
    open(order);
    const ship = await screen.findByRole('button', { name: 'Ship' });
    expect(ship).toHaveProperty('disabled', true);
    const reason = screen.getByText(SHIPPING_MSG.awaitsCodConfirmation);
    expect(ship.getAttribute('aria-describedby')).toBe(reason.id);
    const refused = await callApi<{ message: string }>('POST', SHIPMENTS, {
      token: adminToken(),
      body: { orderId: order._id, courier: 'India Post', awb: newAwb() },
      expect: 409,
    });
    expect(refused.message).toBe(SHIPPING_MSG.awaitsCodConfirmation);
  });
});
