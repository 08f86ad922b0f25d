import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminOrderView } from '@bagshop/shared/schemas/admin-orders';
import type { ShipmentStatus } from '@bagshop/shared/shipping';
import { inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, KARNATAKA_ADDRESS } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { orders } from '../../db/schema/orders.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';
import { loadOrderRecords } from './order-record.ts';

// The order's read model and its projections (docs/decisions/040-order-read-model.md). There is no booking API in
// these tests: parcels and their events are written as the shipping module writes them.

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let ip = 0;
// Each /track test speaks from its own address, so the per-address limit only bites where a test means it to.
const nextIp = () => `10.2.0.${++ip}`;

const OWNER_PHONE = '9123456780';
const ADDRESS_PHONE = '+91 99887 76655';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  shopper = await createUser(t, { name: 'Asha Rao', email: 'Asha.Rao@Example.in', phone: OWNER_PHONE });
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
let awbs = 0;
/** A live AWB is unique per provider: each parcel gets its own. */
const nextAwb = () => `AWB${String(++awbs).padStart(7, '0')}`;
const base = Date.parse('2026-12-02T05:00:00.000Z');

async function bookParcel(orderId: string, itemIds: string[], values: { status?: ShipmentStatus; hoursAfter: number }) {
  const awb = nextAwb();
  const [parcel] = await t.database.db
    .insert(shipments)
    .values({
      orderId,
      reference: `${orderId}:${awb}`,
      itemIds,
      provider: 'shiprocket',
      providerOrderId: `sr-${awb}`,
      courier: 'Delhivery Surface',
      awb,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
      courierLabelUrl: `https://labels.example.in/${awb}.pdf`,
      pickupScheduledFor: '2026-12-02 16:00:00',
      status: values.status ?? 'booked',
      expectedDelivery: '2026-12-05',
      createdAt: new Date(base + values.hoursAfter * HOUR),
    })
    .returning();
  return parcel;
}

/** An order of two bags delivered to an address whose phone is not the account's, with one parcel on its way. */
async function shippedOrder() {
  const { order, items } = await insertOrder(t, shopper.id, {
    lines: [
      { name: 'Trail Pack', status: 'Shipped' },
      { name: 'Zari Clutch', status: 'Pending' },
    ],
    order: { shippingAddress: { ...KARNATAKA_ADDRESS, street: 'Residency Road', phone: ADDRESS_PHONE } },
  });
  const pack = items.find((i) => i.name === 'Trail Pack');
  if (!pack) throw new Error('no Trail Pack line');
  const cancelled = await bookParcel(order.id, [pack.id], { status: 'cancelled', hoursAfter: 0 });
  const parcel = await bookParcel(order.id, [pack.id], { status: 'in-transit', hoursAfter: 1 });
  // Written out of time order, as a late webhook would: the views put them oldest first.
  await t.database.db.insert(shipmentEvents).values([
    { shipmentId: parcel.id, at: new Date(base + 30 * HOUR), kind: 'in-transit', label: 'IN TRANSIT', location: null },
    { shipmentId: parcel.id, at: new Date(base + 1 * HOUR), kind: 'booked', label: 'AWB assigned', location: null },
    { shipmentId: parcel.id, at: new Date(base + 9 * HOUR), kind: 'picked-up', label: 'PICKED UP', location: 'HSR' },
    { shipmentId: parcel.id, at: new Date(base + 20 * HOUR), kind: 'other', label: 'Bagged at hub', location: 'BLR' },
  ]);
  return { order, items, pack, parcel, cancelled };
}

const shopperEvents = [
  { at: new Date(base + 1 * HOUR).toISOString(), status: 'Booked', location: null },
  { at: new Date(base + 9 * HOUR).toISOString(), status: 'Picked up', location: 'HSR' },
  { at: new Date(base + 20 * HOUR).toISOString(), status: 'Bagged at hub', location: 'BLR' },
  { at: new Date(base + 30 * HOUR).toISOString(), status: 'In transit', location: null },
];

const shopperParcelOf = (awb: string) => ({
  courier: 'Delhivery Surface',
  awb,
  trackingUrl: `https://shiprocket.co/tracking/${awb}`,
  status: 'in-transit',
  expectedDelivery: '2026-12-05',
  events: shopperEvents,
});

const track = (query: Record<string, string>, remoteAddress = nextIp()) =>
  t.request({ method: 'GET', url: `/api/track?${new URLSearchParams(query)}`, remoteAddress });

describe('the shopper sees the parcels', () => {
  it('on the order page: live parcels only, events oldest first in our words, else the courier’s', async () => {
    const { order, parcel } = await shippedOrder();
    const res = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, token: shopper.token });
    expect(res.statusCode).toBe(200);
    expect((res.json().order as OrderDto).shipments).toEqual([shopperParcelOf(parcel.awb)]);
  });

  it('names every kind the shop reads, and a parcel back home as returned to seller', async () => {
    const { order, items } = await insertOrder(t, shopper.id);
    const parcel = await bookParcel(order.id, [items[0].id], {
      status: 'rto-initiated',
      hoursAfter: 0,
    });
    const kinds = [
      'booked',
      'picked-up',
      'in-transit',
      'out-for-delivery',
      'delivered',
      'rto-initiated',
      'rto-delivered',
    ];
    await t.database.db.insert(shipmentEvents).values(
      kinds.map((kind, i) => ({
        shipmentId: parcel.id,
        at: new Date(base + i * HOUR),
        kind,
        label: kind.toUpperCase(),
        location: null,
      })),
    );
    const res = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, token: shopper.token });
    const [seen] = (res.json().order as OrderDto).shipments;
    expect(seen.events.map((e) => e.status)).toEqual([
      'Booked',
      'Picked up',
      'In transit',
      'Out for delivery',
      'Delivered',
      'Returning to seller',
      'Returned to seller',
    ]);
  });
});

describe('the admin desk sees every parcel as it handles them', () => {
  it('on the order page and in the list: ids, items, provider, label, whether it can be cancelled', async () => {
    const { order, pack, parcel, cancelled } = await shippedOrder();
    const desk = (
      await t.request({ method: 'GET', url: `/api/orders/admin/orders/edit/${order.id}`, token: admin.token })
    ).json().order as AdminOrderView;
    const adminParcel = (row: typeof parcel, events: typeof shopperEvents) => ({
      courier: 'Delhivery Surface',
      awb: row.awb,
      trackingUrl: row.trackingUrl,
      status: row.status,
      expectedDelivery: '2026-12-05',
      events,
      _id: row.id,
      orderId: order.id,
      provider: 'shiprocket',
      items: [pack.id],
      createdAt: row.createdAt.toISOString(),
      canCancel: false,
      courierLabelUrl: row.courierLabelUrl,
      pickupScheduledFor: '2026-12-02 16:00:00',
    });
    expect(desk.shipments).toEqual([adminParcel(cancelled, []), adminParcel(parcel, shopperEvents)]);

    const listed = await t.request({
      method: 'GET',
      url: `/api/orders/admin/orders?searchTerm=${order.orderNumber}`,
      token: admin.token,
    });
    expect((listed.json().orders as AdminOrderView[]).map((o) => o.shipments)).toEqual([desk.shipments]);
  });

  it('a parcel not yet picked up can be cancelled', async () => {
    const { order, items } = await insertOrder(t, shopper.id);
    await bookParcel(order.id, [items[0].id], { hoursAfter: 0 });
    const desk = (
      await t.request({ method: 'GET', url: `/api/orders/admin/orders/edit/${order.id}`, token: admin.token })
    ).json().order as AdminOrderView;
    expect(desk.shipments.map((s) => [s.status, s.canCancel])).toEqual([['booked', true]]);
  });
});

describe('GET /api/track', () => {
  it('answers the order number and its live parcels, nothing else of the order', async () => {
    const { order, parcel } = await shippedOrder();
    const res = await track({ orderId: order.orderNumber, contact: 'asha.rao@example.in' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orderId: order.orderNumber, shipments: [shopperParcelOf(parcel.awb)] });
    for (const secret of [
      'Residency Road',
      '560001',
      'Zari Clutch',
      'Trail Pack',
      'Asha',
      '1499',
      'wallet',
      order.id,
      '99887',
      OWNER_PHONE,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('takes the order number in any case and the email in any case', async () => {
    const { order } = await shippedOrder();
    const res = await track({ orderId: order.orderNumber.toLowerCase(), contact: ' ASHA.RAO@EXAMPLE.IN ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderId).toBe(order.orderNumber);
  });

  it.each([
    ['the account’s phone', OWNER_PHONE],
    ['the account’s phone with +91', '+91 91234 56780'],
    ['the account’s phone with 0', '09123456780'],
    ['the address’s phone as written', ADDRESS_PHONE],
    ['the address’s phone without +91', '9988776655'],
    ['the address’s phone with 91 and dashes', '91-99887-76655'],
  ])('matches %s', async (_, contact) => {
    const { order, parcel } = await shippedOrder();
    const res = await track({ orderId: order.orderNumber, contact });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipments).toEqual([shopperParcelOf(parcel.awb)]);
  });

  it('an order not shipped yet answers no parcels', async () => {
    const { order } = await insertOrder(t, shopper.id);
    const res = await track({ orderId: order.orderNumber, contact: OWNER_PHONE });
    expect(res.json()).toEqual({ orderId: order.orderNumber, shipments: [] });
  });

  it('a wrong contact and an unknown order are the same 404', async () => {
    const { order } = await shippedOrder();
    await createUser(t, { email: 'ravi@example.in', phone: '9000000001' });
    const notFound = { message: ORDER_MSG.orderNotFound, code: 'NOT_FOUND' };
    for (const query of [
      { orderId: order.orderNumber, contact: 'ravi@example.in' },
      { orderId: order.orderNumber, contact: '9000000001' },
      { orderId: order.orderNumber, contact: '912345678' },
      { orderId: order.orderNumber, contact: 'asha.rao@example.in.evil' },
      { orderId: 'ORD-0000000000', contact: 'asha.rao@example.in' },
    ]) {
      const res = await track(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('refuses a malformed lookup with 400', async () => {
    const malformed: Array<Record<string, string>> = [
      {},
      { orderId: 'ORD-7K2M9Q4X1B' },
      { contact: 'asha.rao@example.in' },
      { orderId: 'ORD-123', contact: 'asha.rao@example.in' },
      { orderId: 'ORD-7K2M9Q4X1B', contact: 'x'.repeat(255) },
      { orderId: 'ORD-7K2M9Q4X1B', contact: 'asha.rao@example.in', extra: '1' },
    ];
    for (const query of malformed) {
      expect((await track(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('answers 429 with Retry-After after 30 lookups from one address in 10 minutes', async () => {
    const { order } = await shippedOrder();
    const address = nextIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await track({ orderId: order.orderNumber, contact: `guess${i}@example.in` }, address)).statusCode).toBe(
        404,
      );
    }
    const refused = await track({ orderId: order.orderNumber, contact: 'asha.rao@example.in' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await track({ orderId: order.orderNumber, contact: 'asha.rao@example.in' })).statusCode).toBe(200);
  });
});

describe('the read model', () => {
  it('reads any number of orders in the same five queries', async () => {
    const made = [await shippedOrder(), await shippedOrder(), await shippedOrder()];
    let queries = 0;
    const counted = drizzle(t.database.pool, { logger: { logQuery: () => void queries++ } });
    const one = await loadOrderRecords(counted, inArray(orders.id, [made[0].order.id]));
    expect([one.length, queries]).toEqual([1, 5]);
    queries = 0;
    const three = await loadOrderRecords(
      counted,
      inArray(
        orders.id,
        made.map((m) => m.order.id),
      ),
    );
    expect(three.map((r) => r.shipments.length)).toEqual([2, 2, 2]);
    expect(three.map((r) => r.shipments[1].events.length)).toEqual([4, 4, 4]);
    expect(queries).toBe(5);
  });
});
