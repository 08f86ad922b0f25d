import type { DashboardDto } from '@bagshop/shared/insight-types';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import type { ItemStatus, PaymentMethod } from '@bagshop/shared/orders';
import type { ShipmentStatus } from '@bagshop/shared/shipping';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipping.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from '../orders/order-fixtures.ts';

type Order = PlaceOrderResponse['order'];

/** An instant given in India time (UTC+05:30), as the shop's days are counted. */
const ist = (local: string) => new Date(`${local}+05:30`);

/**
 * Orders placed through the real checkout; their parcels, item statuses and dates are then written as the courier
 * and the order desk would leave them. The period is 10–12 March 2026 in India, so 10 Mar 00:00 IST is
 * 9 Mar 18:30 UTC: a count by UTC days would take and leave the wrong parcels at both edges.
 *
 * Cash on delivery, in the period:       shipped 4, returned to seller 3
 *   c1  parcel of 2 items (one of 3 units) booked 10 Mar 00:00, both returned to seller
 *   c2  parcel booked 12 Mar 23:59:59, delivered
 *   c5  no parcel (shipped by hand), placed 11 Mar, returned to seller
 * Cash on delivery, not in the period:
 *   c3  parcel booked 9 Mar 23:59:59.999, returned to seller
 *   c4  placed 11 Mar; parcel booked 11 Mar and cancelled, booked again 13 Mar 00:00, returned to seller
 *   c6  placed 11 Mar, one item still Pending and one cancelled
 * Prepaid (card and wallet), in the period: shipped 3, returned to seller 1
 *   p1  wallet, parcel booked 11 Mar, delivered
 *   p2  card, parcel booked 11 Mar, returned to seller
 *   p3  wallet, no parcel, placed 12 Mar, delivered and then returned by the customer (not an RTO)
 * Prepaid, not in the period:
 *   p4  wallet, no parcel, placed 9 Mar 23:00, delivered
 *   p5  wallet, parcel booked just now, delivered (today's dashboard)
 */
describe('RTO rate on the dashboard', () => {
  let t: TestApp;
  let admin: TestUser;
  const shoppers: Shopper[] = [];
  let parcels = 0;

  /** Each order by a shopper of its own: cash-on-delivery limits apply per shopper. */
  const place = async (paymentMethod: PaymentMethod, lines: number[] = [1]): Promise<Order> => {
    const shopper = await createShopper(t);
    shoppers.push(shopper);
    if (paymentMethod === 'wallet') await fundWallet(t, shopper.id, 1_000_000);
    const bags = await Promise.all(lines.map(() => createProduct(t, { pricePaise: 10_000, quantity: 10 })));
    await putInCart(
      t,
      shopper.id,
      bags.map((bag, i) => ({ productId: bag.id, qty: lines[i] })),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: shopper.addressId, paymentMethod },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as PlaceOrderResponse).order;
  };

  const placedOn = (order: Order, at: Date) =>
    t.database.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order._id));

  const setStatus = (order: Order, status: ItemStatus, item = order.items[0]) =>
    t.database.db.update(orderItems).set({ status }).where(eq(orderItems.id, item._id));

  const parcel = (order: Order, status: ShipmentStatus, createdAt?: Date, items = order.items) => {
    parcels += 1;
    return t.database.db.insert(shipments).values({
      orderId: order._id,
      reference: `${order._id}-${parcels}`,
      itemIds: items.map((i) => i._id),
      provider: 'manual',
      courier: 'India Post',
      awb: `EK${String(parcels).padStart(9, '0')}IN`,
      status,
      createdAt,
    });
  };

  const dashboard = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/user/admin/dashboard?${query}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DashboardDto).rto;
  };
  const inMarch = (startDate: string, endDate: string) =>
    dashboard(`filter=custom&startDate=${startDate}&endDate=${endDate}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Owner' });
    const [c1, c2, c3, c4, c5, c6] = [
      await place('cod', [3, 1]),
      await place('cod'),
      await place('cod'),
      await place('cod'),
      await place('cod'),
      await place('cod', [1, 1]),
    ];
    const [p1, p2, p3, p4, p5] = [
      await place('wallet'),
      await place('razorpay'),
      await place('wallet'),
      await place('wallet'),
      await place('wallet'),
    ];
    const all = [c1, c2, c3, c4, c5, c6, p1, p2, p3, p4, p5];
    // Every order is placed in March except p5, placed now; a parcel is booked after its order.
    for (const order of all.filter((o) => o !== p5)) await placedOn(order, ist('2026-03-09T09:00:00'));
    await t.database.db.update(orders).set({ paymentStatus: 'Paid' }).where(eq(orders.id, p2._id));

    await parcel(c1, 'returned-to-seller', ist('2026-03-10T00:00:00'));
    for (const item of c1.items) await setStatus(c1, 'Returned to seller', item);
    await parcel(c2, 'delivered', ist('2026-03-12T23:59:59'));
    await setStatus(c2, 'Delivered');
    await parcel(c3, 'returned-to-seller', ist('2026-03-09T23:59:59.999'));
    await setStatus(c3, 'Returned to seller');
    await placedOn(c4, ist('2026-03-11T10:00:00'));
    await parcel(c4, 'cancelled', ist('2026-03-11T12:00:00'));
    await parcel(c4, 'returned-to-seller', ist('2026-03-13T00:00:00'));
    await setStatus(c4, 'Returned to seller');
    await placedOn(c5, ist('2026-03-11T10:00:00'));
    await setStatus(c5, 'Returned to seller');
    await placedOn(c6, ist('2026-03-11T10:00:00'));
    await setStatus(c6, 'Cancelled', c6.items[1]);

    await parcel(p1, 'delivered', ist('2026-03-11T15:00:00'));
    await setStatus(p1, 'Delivered');
    await parcel(p2, 'returned-to-seller', ist('2026-03-11T15:00:00'));
    await setStatus(p2, 'Returned to seller');
    await placedOn(p3, ist('2026-03-12T18:00:00'));
    await setStatus(p3, 'Returned');
    await placedOn(p4, ist('2026-03-09T23:00:00'));
    await setStatus(p4, 'Delivered');
    await parcel(p5, 'delivered');
    await setStatus(p5, 'Delivered');
  });
  afterAll(() => t.close());

  it('counts the items shipped in the period and those returned to seller, COD and prepaid apart', async () => {
    expect(await inMarch('2026-03-10', '2026-03-12')).toEqual({
      cod: { shipped: 4, returnedToSeller: 3, rate: 0.75 },
      prepaid: { shipped: 3, returnedToSeller: 1, rate: 1 / 3 },
    });
  });

  it("draws the period's edges at midnight in India", async () => {
    // 9 Mar (India) holds c3's parcel, booked a millisecond before midnight, and p4, placed at 23:00.
    expect(await inMarch('2026-03-09', '2026-03-09')).toEqual({
      cod: { shipped: 1, returnedToSeller: 1, rate: 1 },
      prepaid: { shipped: 1, returnedToSeller: 0, rate: 0 },
    });
    // 13 Mar (India) begins with c4's second parcel; its cancelled first one counted nowhere.
    expect(await inMarch('2026-03-13', '2026-03-13')).toEqual({
      cod: { shipped: 1, returnedToSeller: 1, rate: 1 },
      prepaid: { shipped: 0, returnedToSeller: 0, rate: 0 },
    });
    expect(await inMarch('2026-03-10', '2026-03-10')).toMatchObject({ cod: { shipped: 2, returnedToSeller: 2 } });
    expect(await inMarch('2026-03-12', '2026-03-12')).toEqual({
      cod: { shipped: 1, returnedToSeller: 0, rate: 0 },
      prepaid: { shipped: 1, returnedToSeller: 0, rate: 0 },
    });
  });

  it("follows the dashboard's period filter: today holds the parcel booked just now", async () => {
    expect(await dashboard('filter=daily')).toEqual({
      cod: { shipped: 0, returnedToSeller: 0, rate: 0 },
      prepaid: { shipped: 1, returnedToSeller: 0, rate: 0 },
    });
  });

  it('follows every later change of an item, its parcel and its order to the right period', async () => {
    // Counted from rows the triggers of migration 0034 keep: each write below moves the item where decision 041 says.
    const aprilSecond = () => inMarch('2026-04-02', '2026-04-02');
    const aprilThird = () => inMarch('2026-04-03', '2026-04-03');
    const order = await place('cod');
    await placedOn(order, ist('2026-04-02T10:00:00'));
    expect((await aprilSecond()).cod.shipped).toBe(0);
    await parcel(order, 'booked', ist('2026-04-03T10:00:00'));
    await setStatus(order, 'Shipped');
    expect(await aprilThird()).toMatchObject({ cod: { shipped: 1, returnedToSeller: 0 } });
    await setStatus(order, 'Returned to seller');
    expect(await aprilThird()).toMatchObject({ cod: { shipped: 1, returnedToSeller: 1 } });
    // Its parcel cancelled by hand: the item, still back at the seller, was shipped on its order's day.
    await t.database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.orderId, order._id));
    expect((await aprilThird()).cod.shipped).toBe(0);
    expect(await aprilSecond()).toMatchObject({ cod: { shipped: 1, returnedToSeller: 1 } });
    // Paid by card after all: the item moves to the prepaid side.
    await t.database.db.update(orders).set({ paymentMethod: 'razorpay' }).where(eq(orders.id, order._id));
    expect(await aprilSecond()).toMatchObject({
      cod: { shipped: 0, returnedToSeller: 0 },
      prepaid: { shipped: 1, returnedToSeller: 1 },
    });
    // Back to Pending, then the order removed altogether: counted nowhere.
    await setStatus(order, 'Pending');
    expect((await aprilSecond()).prepaid.shipped).toBe(0);
    await setStatus(order, 'Delivered');
    expect((await aprilSecond()).prepaid.shipped).toBe(1);
    await t.database.db.delete(orders).where(eq(orders.id, order._id));
    expect((await aprilSecond()).prepaid.shipped).toBe(0);
  });

  it('is zero, not a division by zero, for a period in which nothing was shipped', async () => {
    expect(await inMarch('2026-02-01', '2026-02-28')).toEqual({
      cod: { shipped: 0, returnedToSeller: 0, rate: 0 },
      prepaid: { shipped: 0, returnedToSeller: 0, rate: 0 },
    });
  });
});
