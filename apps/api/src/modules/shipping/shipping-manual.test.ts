import { randomUUID } from 'node:crypto';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { shipments } from '../../db/schema/shipping.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { forgetEstimates, indiaDateAfter } from '../delivery/service.ts';
import { createShopper, fundWallet, placeOrderOf, putInCart, type Shopper, stockOf } from '../orders/order-fixtures.ts';

/** The manual provider: the administrator books at a courier's counter and types what it gave (decision 039). */
describe('shipping by hand (manual provider)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: createSandboxProvider('manual-shipping-test') });
    admin = await createUser(t, { isAdmin: true });
    forgetEstimates();
  });
  afterAll(() => t.close());

  const book = (body: Record<string, unknown>, token = admin.token) =>
    t.request({ method: 'POST', url: '/api/admin/shipments', token, payload: body });
  const readOrder = async (s: Shopper, id: string) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, token: s.token })).json().order as OrderDto;
  const saveStatus = (id: string, item: string, status: string) =>
    t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      token: admin.token,
      payload: { id, item, status },
    });
  const shipmentRow = async (id: string) =>
    (await t.database.db.select().from(shipments).where(eq(shipments.id, id)))[0];
  const paidOrder = async (s: Shopper, lines = 1) => {
    await fundWallet(t, s.id, 500_000);
    if (lines === 1) return (await placeOrderOf(t, s, 'wallet')).order;
    const bags = await Promise.all(
      Array.from({ length: lines }, () => createProduct(t, { pricePaise: 49_900, quantity: 5 })),
    );
    await putInCart(
      t,
      s.id,
      bags.map((b) => ({ productId: b.id, qty: 1 })),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod: 'wallet' },
    });
    return res.json().order as OrderDto;
  };

  it('tells the desk who books, and estimates from the zones without any courier account', async () => {
    const settings = await t.request({ method: 'GET', url: '/api/admin/shipping', token: admin.token });
    expect(settings.json()).toEqual({ provider: 'manual', sellerPincode: '560001' });
    const now = new Date();
    const local = (await t.request({ method: 'GET', url: '/api/shipping/estimate?pincode=560038' })).json();
    expect(local).toEqual({
      pincode: '560038',
      serviceable: true,
      codAvailable: true,
      earliest: indiaDateAfter(now, 1),
      latest: indiaDateAfter(now, 2),
    });
    const remote = (await t.request({ method: 'GET', url: '/api/shipping/estimate?pincode=744101' })).json();
    expect(remote).toMatchObject({ serviceable: true, codAvailable: false, earliest: indiaDateAfter(now, 7) });

    const s = await createShopper(t);
    await t.database.db.execute(sql`update addresses set zipcode = '744101' where id = ${s.addressId}`);
    await expect(placeOrderOf(t, s, 'cod')).rejects.toThrow(SHIPPING_MSG.codNotAvailable('744101'));
    expect((await placeOrderOf(t, s, 'razorpay')).order.paymentMethod).toBe('razorpay');
  });

  it('books with the courier and AWB typed, once; the items ship only then; the admin cannot skip it', async () => {
    const s = await createShopper(t);
    const order = await paidOrder(s);
    const itemId = order.items[0]._id;
    expect((await saveStatus(order._id, itemId, 'Shipped')).statusCode).toBe(409);

    const missing = await book({ orderId: order._id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ courier: SHIPPING_MSG.courierRequired, awb: SHIPPING_MSG.awbRequired });
    const badAwb = await book({ orderId: order._id, courier: 'India Post', awb: 'EK 1' });
    expect(badAwb.statusCode).toBe(400);
    expect(badAwb.json().fields.awb).toBe(SHIPPING_MSG.awbInvalid);
    expect((await readOrder(s, order._id)).items[0].status).toBe('Pending');

    const shopperTry = await book({ orderId: order._id, courier: 'India Post', awb: 'EK123456789IN' }, s.token);
    expect(shopperTry.statusCode).toBe(403);
    const booked = await book({ orderId: order._id, courier: 'India Post', awb: 'EK123456789IN' });
    expect(booked.statusCode).toBe(201);
    const shipment = booked.json().shipment as AdminShipmentDto;
    expect(shipment).toMatchObject({
      provider: 'manual',
      courier: 'India Post',
      awb: 'EK123456789IN',
      trackingUrl: null,
      courierLabelUrl: null,
      status: 'booked',
      canCancel: true,
      items: [itemId],
    });
    expect(shipment.events.map((e) => e.status)).toEqual(['Booked']);
    const again = await book({ orderId: order._id, courier: 'India Post', awb: 'EK123456789IN' });
    expect(again.statusCode).toBe(200);
    expect(again.json().shipment._id).toBe(shipment._id);
    expect((await readOrder(s, order._id)).items[0].status).toBe('Shipped');
    const label = await t.request({
      method: 'GET',
      url: `/api/admin/shipments/${shipment._id}/label`,
      token: admin.token,
    });
    expect(label.headers['content-type']).toBe('application/pdf');

    // Delivered by hand: the parcel follows its item.
    expect((await saveStatus(order._id, itemId, 'Delivered')).statusCode).toBe(200);
    expect((await shipmentRow(shipment._id)).status).toBe('delivered');
  });

  it('ships some items of an order, then the rest in a second parcel', async () => {
    const s = await createShopper(t);
    const order = await paidOrder(s, 2);
    const [first, second] = order.items.map((i) => i._id);
    const one = await book({ orderId: order._id, items: [first], courier: 'Delhivery', awb: 'DLV-1001' });
    expect(one.json().shipment.items).toEqual([first]);
    let now = await readOrder(s, order._id);
    expect(now.items.find((i) => i._id === second)?.status).toBe('Pending');
    const taken = await book({ orderId: order._id, items: [first, second], courier: 'Delhivery', awb: 'DLV-1002' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SHIPPING_MSG.itemNotPending);
    const rest = await book({ orderId: order._id, courier: 'Blue Dart', awb: 'BD-2002' });
    expect(rest.json().shipment.items).toEqual([second]);
    now = await readOrder(s, order._id);
    expect(now.items.every((i) => i.status === 'Shipped')).toBe(true);
    const none = await book({ orderId: order._id, items: [randomUUID()], courier: 'Blue Dart', awb: 'BD-2003' });
    expect(none.statusCode).toBe(404);
    // The same booking again needs no fields: it is answered with the parcel.
    expect((await book({ orderId: order._id, items: [second] })).json().shipment._id).toBe(rest.json().shipment._id);
    // An AWB another live parcel has is refused, whoever's order it is.
    const other = await paidOrder(await createShopper(t));
    const sameAwb = await book({ orderId: other._id, courier: 'Blue Dart', awb: 'BD-2002' });
    expect(sameAwb.statusCode).toBe(409);
    expect(sameAwb.json().fields).toEqual({ awb: SHIPPING_MSG.awbTaken });
    expect((await readOrder(s, order._id)).items.every((i) => i.status === 'Shipped')).toBe(true);
  });

  it('a parcel marked returned to seller by hand puts the stock back; a booked one can be cancelled', async () => {
    const s = await createShopper(t);
    const unpaid = await placeOrderOf(t, s, 'razorpay');
    const refused = await book({ orderId: unpaid.order._id, courier: 'DTDC', awb: 'D1234560' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MSG.awaitsPayment);
    await fundWallet(t, s.id, 100_000);
    const { order, bag } = await placeOrderOf(t, s, 'wallet');
    const stock = await stockOf(t, bag.id);
    const itemId = order.items[0]._id;
    const { shipment } = (await book({ orderId: order._id, courier: 'DTDC', awb: 'D1234567' })).json() as {
      shipment: AdminShipmentDto;
    };
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/shipments/${shipment._id}/cancel`,
      token: admin.token,
    });
    expect(cancelled.json().shipment.status).toBe('cancelled');
    expect((await readOrder(s, order._id)).items[0].status).toBe('Pending');
    const rebooked = (await book({ orderId: order._id, courier: 'DTDC', awb: 'D1234568' })).json().shipment;
    expect((await saveStatus(order._id, itemId, 'Returned to seller')).statusCode).toBe(200);
    expect(await stockOf(t, bag.id)).toBe(stock + 1);
    expect((await readOrder(s, order._id)).items[0]).toMatchObject({
      status: 'Returned to seller',
      refunded: order.finalAmount,
    });
    expect((await shipmentRow(rebooked._id)).status).toBe('returned-to-seller');
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    for (const body of [{}, { orderId: 'x' }, { orderId: randomUUID(), courier: 'A'.repeat(61), awb: 'AB12' }]) {
      expect((await book(body)).statusCode).toBe(400);
    }
    expect((await book({ orderId: randomUUID(), courier: 'India Post', awb: 'EK1234' })).statusCode).toBe(404);
    const labels = await t.request({
      method: 'POST',
      url: '/api/admin/shipments/labels',
      token: admin.token,
      payload: { shipmentIds: [randomUUID()] },
    });
    expect(labels.statusCode).toBe(404);
    const oddLabel = await t.request({ method: 'GET', url: '/api/admin/shipments/nope/label', token: admin.token });
    expect(oddLabel.statusCode).toBe(404);
  });
});
