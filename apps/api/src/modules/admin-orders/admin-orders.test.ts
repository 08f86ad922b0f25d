import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/order-rows.ts';
import { shipItems } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../../db/schema/catalogue.ts';
import { orderItems, walletTransactions } from '../../db/schema/orders.ts';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let meera: TestUser;
const MINUTE = 60_000;
const start = Date.now() - 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  customer = await createUser(t, { name: 'Ravi Kumar' });
  meera = await createUser(t, { name: 'Meera Iyer', email: 'meera.iyer@example.com' });
});
afterAll(() => t.close());

const list = (query: string) =>
  t.request({ method: 'GET', url: `/api/orders/admin/orders${query}`, token: admin.token });
const numbers = (body: { orders: OrderDto[] }) => body.orders.map((o) => o.orderId);

describe('admin order desk: access', () => {
  it('needs a signed-in administrator', async () => {
    for (const url of ['/api/orders/admin/orders', `/api/orders/admin/orders/edit/${crypto.randomUUID()}`]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, token: customer.token })).statusCode).toBe(403);
    }
    const payload = { id: crypto.randomUUID(), item: crypto.randomUUID(), status: 'Shipped' };
    expect((await t.request({ method: 'PUT', url: '/api/orders/save-item-status', payload })).statusCode).toBe(401);
    const asCustomer = await t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      payload,
      token: customer.token,
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('admin order list', () => {
  const meeraNumbers: string[] = [];
  let returning = '';

  beforeAll(async () => {
    for (let i = 0; i < 7; i += 1) {
      const { order } = await insertOrder(t, meera.id, { order: { createdAt: new Date(start + i * MINUTE) } });
      meeraNumbers.unshift(order.orderNumber);
    }
    const { order } = await insertOrder(t, customer.id, {
      lines: [{ status: 'Delivered' }, { status: 'Return requested' }],
      order: { createdAt: new Date(start + 10 * MINUTE) },
    });
    returning = order.orderNumber;
  });

  it('pages of six, newest first', async () => {
    const first = await list('');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 8, page: 1, pages: 2 });
    expect(numbers(first.json())).toEqual([returning, ...meeraNumbers.slice(0, 5)]);
    const second = await list('?page=2');
    expect(second.json()).toMatchObject({ total: 8, page: 2, pages: 2 });
    expect(numbers(second.json())).toEqual(meeraNumbers.slice(5));
    expect((await list('?page=3')).json()).toMatchObject({ orders: [], total: 8, page: 3 });
  });

  it('searches by order number, customer name or email, literally', async () => {
    expect(numbers((await list(`?searchTerm=${meeraNumbers[3].toLowerCase()}`)).json())).toEqual([meeraNumbers[3]]);
    expect((await list('?searchTerm=meera')).json().total).toBe(7);
    expect((await list('?searchTerm=IYER%40example')).json().total).toBe(7);
    expect(numbers((await list('?searchTerm=ravi')).json())).toEqual([returning]);
    expect((await list('?searchTerm=%25')).json().total).toBe(0);
    expect((await list('?searchTerm=nobody')).json()).toMatchObject({ orders: [], total: 0, pages: 1 });
  });

  it('filters by item status: orders with at least one item in it', async () => {
    expect(numbers((await list('?status=Return%20requested')).json())).toEqual([returning]);
    expect((await list('?status=Pending')).json().total).toBe(7);
    expect((await list('?status=Pending&searchTerm=ravi')).json().total).toBe(0);
    expect((await list('?status=Returned')).json().total).toBe(0);
    expect((await list('?status=')).json().total).toBe(8);
    expect((await list('?status=Lost')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('answers the order shape with the customer and overall status', async () => {
    const [order] = (await list('?searchTerm=ravi')).json().orders as OrderDto[];
    expect(order.userId).toMatchObject({ _id: customer.id, name: 'Ravi Kumar', email: customer.email });
    expect(order.status).toBe('Processing');
    expect(order.items.map((i) => i.status).sort()).toEqual(['Delivered', 'Return requested']);
  });
});

describe('admin order detail', () => {
  it('shows any order', async () => {
    const { order } = await insertOrder(t, customer.id);
    const res = await t.request({
      method: 'GET',
      url: `/api/orders/admin/orders/edit/${order.id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ _id: order.id, orderId: order.orderNumber, status: 'Pending' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      const res = await t.request({ method: 'GET', url: `/api/orders/admin/orders/edit/${id}`, token: admin.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: ORDER_MSG.orderNotFound, code: 'NOT_FOUND' });
    }
  });
});

describe('save item status', () => {
  const save = (payload: object) =>
    t.request({ method: 'PUT', url: '/api/orders/save-item-status', payload, token: admin.token });

  it('leaves shipping to a booked parcel, then moves the item Shipped → Delivered', async () => {
    const { order, items } = await insertOrder(t, customer.id);
    const refused = await save({ id: order.id, item: items[0].id, status: 'Shipped' });
    expect(refused.statusCode).toBe(409);
    const shipment = await shipItems(t, admin.token, order.id);
    expect(shipment.items).toEqual([items[0].id]);
    const shipped = await t.request({
      method: 'GET',
      url: `/api/orders/admin/orders/edit/${order.id}`,
      token: admin.token,
    });
    expect(shipped.json().order.items[0].status).toBe('Shipped');
    expect(shipped.json().order.status).toBe('Processing');
    const delivered = await save({ id: order.id, item: items[0].id, status: 'Delivered' });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().order).toMatchObject({ status: 'Completed' });
    expect(delivered.json().order.items[0].deliveredAt).not.toBeNull();
  });

  it('refuses moves the desk may not make with 409, leaving the item as it was', async () => {
    const { order, items } = await insertOrder(t, customer.id, {
      lines: [{ status: 'Pending' }, { status: 'Delivered' }, { status: 'Cancelled' }],
    });
    const refused = [
      { item: items[0].id, status: 'Shipped' },
      { item: items[0].id, status: 'Delivered' },
      { item: items[0].id, status: 'Cancelled' },
      { item: items[0].id, status: 'Returned' },
      { item: items[1].id, status: 'Returned' },
      { item: items[1].id, status: 'Shipped' },
      { item: items[2].id, status: 'Pending' },
    ];
    for (const move of refused) {
      const res = await save({ id: order.id, ...move });
      expect(res.statusCode, `${move.status}`).toBe(409);
    }
    const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(items.map((i) => [i.id, i.status]).sort());
  });

  it('approves a return: Returned, refund to the wallet, stock back', async () => {
    const { order, items } = await insertOrder(t, customer.id, { lines: [{ status: 'Return requested', qty: 2 }] });
    const [before] = await t.database.db.select().from(products).where(eq(products.id, items[0].productId));
    const res = await save({ id: order.id, item: items[0].id, status: 'Returned' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.items[0]).toMatchObject({ status: 'Returned', refunded: order.finalPaise / 100 });
    const [after] = await t.database.db.select().from(products).where(eq(products.id, items[0].productId));
    expect(after.quantity).toBe(before.quantity + 2);
    const refunds = await t.database.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.orderItemId, items[0].id), eq(walletTransactions.type, 'Order Returned')));
    expect(refunds.map((r) => r.amountPaise)).toEqual([order.finalPaise]);
  });

  it('rejects a return only with a reason', async () => {
    const { order, items } = await insertOrder(t, customer.id, { lines: [{ status: 'Return requested' }] });
    const missing = await save({ id: order.id, item: items[0].id, status: 'Delivered' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ reason: ORDER_MSG.rejectReasonRequired });
    const rejected = await save({ id: order.id, item: items[0].id, status: 'Delivered', reason: 'Bag was used' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().order.items[0]).toMatchObject({ status: 'Delivered', returnRejectReason: 'Bag was used' });
  });

  it('checks the body and the ids', async () => {
    const { order, items } = await insertOrder(t, customer.id);
    expect((await save({ id: order.id, item: items[0].id, status: 'Lost' })).statusCode).toBe(400);
    expect((await save({ id: order.id, item: items[0].id })).statusCode).toBe(400);
    expect((await save({ id: order.id, item: items[0].id, status: 'Shipped', extra: 1 })).statusCode).toBe(400);
    const longReason = await save({ id: order.id, item: items[0].id, status: 'Shipped', reason: 'x'.repeat(201) });
    expect(longReason.statusCode).toBe(400);
    expect((await save({ id: crypto.randomUUID(), item: items[0].id, status: 'Shipped' })).statusCode).toBe(404);
    expect((await save({ id: order.id, item: crypto.randomUUID(), status: 'Shipped' })).statusCode).toBe(404);
  });
});
