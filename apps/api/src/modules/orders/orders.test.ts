import type { OrderDto } from '@bagshop/shared/order-types';
import { canMoveItem, ITEM_ACTORS, ITEM_STATUSES, type ItemStatus } from '@bagshop/shared/orders';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { orderItems, orders, walletTransactions } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import {
  createShopper,
  fundWallet,
  placeOrderOf,
  putInCart,
  recordingRealtime,
  stockOf,
  walletOf,
} from './order-fixtures.ts';
import { moveItem } from './order-transitions.ts';
import { loadAdminOrder, loadOrderDto } from './order-view.ts';

describe('orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: createSandboxProvider('orders-test') });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  const cancel = (token: string, payload: object) =>
    t.request({ method: 'PUT', url: '/api/orders/cancel', token, payload });
  const requestReturn = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/orders/return-request', token, payload });
  const setItem = (itemId: string, values: Partial<typeof orderItems.$inferInsert>) =>
    t.database.db.update(orderItems).set(values).where(eq(orderItems.id, itemId));

  describe('reading', () => {
    it('lists my orders newest first and searches by number or item name', async () => {
      const s = await createShopper(t);
      const first = await placeOrderOf(t, s, 'cod', { name: 'Canvas Tote' });
      const second = await placeOrderOf(t, s, 'cod', { name: 'Laptop Sleeve' });
      await t.database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(orders.id, first.order._id));
      const other = await createShopper(t);
      await placeOrderOf(t, other, 'cod', { name: 'Canvas Tote' });

      const mine = (await get('/api/orders/mine', s.token)).json().orders as OrderDto[];
      expect(mine.map((o) => o._id)).toEqual([second.order._id, first.order._id]);
      const byName = (await get('/api/orders/mine?searchTerm=canvas', s.token)).json().orders as OrderDto[];
      expect(byName.map((o) => o._id)).toEqual([first.order._id]);
      const byNumber = (await get(`/api/orders/mine?searchTerm=${second.order.orderId.slice(4, 10)}`, s.token)).json();
      expect(byNumber.orders.map((o: OrderDto) => o._id)).toEqual([second.order._id]);
      expect((await get('/api/orders/mine?searchTerm=%25', s.token)).json().orders).toEqual([]);
    });

    it("another shopper's order is not found; an admin may read it", async () => {
      const s = await createShopper(t);
      const { order } = await placeOrderOf(t, s, 'cod');
      const other = await createShopper(t);
      const admin = await createUser(t, { isAdmin: true });
      expect((await get(`/api/orders/${order._id}`, other.token)).statusCode).toBe(404);
      expect((await get(`/api/orders/pending/order-details/${order._id}`, other.token)).statusCode).toBe(404);
      expect((await get('/api/orders/not-a-uuid', s.token)).statusCode).toBe(404);
      expect((await get(`/api/orders/${order._id}`, admin.token)).json().order._id).toBe(order._id);
      const own = await get(`/api/orders/${order._id}`, s.token);
      expect(own.json().order).toMatchObject({ _id: order._id, paymentMethod: 'cod', canRetryPayment: false });
      const pending = await get(`/api/orders/pending/order-details/${order._id}`, s.token);
      expect(pending.json().orders.map((o: OrderDto) => o._id)).toEqual([order._id]);
      const cancelled = await cancel(other.token, { orderId: order._id, item: order.items[0]._id, cancelReason: 'x' });
      expect(cancelled.statusCode).toBe(404);
    });

    it('answers every field of the order view, for the shopper and on the admin desk', async () => {
      const s = await createShopper(t);
      const admin = await createUser(t, { isAdmin: true });
      const placed = await placeOrderOf(t, s, 'razorpay', { name: 'Jute Shopper' }, 2);
      const own = (await get(`/api/orders/${placed.order._id}`, s.token)).json().order;
      expect(own.expiresAt).not.toBeNull();
      expect(own).toEqual(await loadOrderDto(t.database.db, placed.order._id));
      const desk = (await get(`/api/orders/admin/orders/edit/${placed.order._id}`, admin.token)).json().order;
      expect(desk).toEqual(await loadAdminOrder(t.database.db, placed.order._id));
    });
  });

  describe('cancelling', () => {
    it('a paid item is refunded to the wallet to the paisa, stock restored, order Refunded', async () => {
      const s = await createShopper(t);
      await fundWallet(t, s.id, 200_000);
      const a = await createProduct(t, { name: 'Alpha Tote', pricePaise: 33_333, quantity: 5 });
      const b = await createProduct(t, { name: 'Beta Pouch', pricePaise: 19_999, quantity: 5 });
      await putInCart(t, s.id, [
        { productId: a.id, qty: 1 },
        { productId: b.id, qty: 2 },
      ]);
      const res = await t.request({
        method: 'POST',
        url: '/api/orders',
        token: s.token,
        payload: { addressId: s.addressId, paymentMethod: 'wallet' },
      });
      const order = res.json().order as OrderDto;
      // 333.33 + 399.98 = 733.31; tax 36.67; free shipping; final 769.98
      expect(order.finalAmount).toBe(769.98);
      const itemA = order.items.find((i) => i.product.name === 'Alpha Tote');
      const itemB = order.items.find((i) => i.product.name === 'Beta Pouch');
      if (!itemA || !itemB) throw new Error('items missing');

      const noReason = await cancel(s.token, { orderId: order._id, item: itemA._id, cancelReason: '  ' });
      expect(noReason.statusCode).toBe(400);
      const long = await cancel(s.token, { orderId: order._id, item: itemA._id, cancelReason: 'x'.repeat(201) });
      expect(long.statusCode).toBe(400);

      const first = await cancel(s.token, { orderId: order._id, item: itemA._id, cancelReason: 'Changed my mind' });
      expect(first.statusCode).toBe(200);
      const afterFirst = first.json().order as OrderDto;
      const refundA = afterFirst.items.find((i) => i._id === itemA._id);
      // ₹333.33 + ₹16.67 tax, less the ₹50 shipping the pouches alone (₹419.98) pay: they no longer ship free
      // (docs/decisions/035-refunds-keep-what-was-earned.md).
      expect(refundA).toMatchObject({ status: 'Cancelled', cancelReason: 'Changed my mind', refunded: 300 });
      expect(await stockOf(t, a.id)).toBe(5);

      const again = await cancel(s.token, { orderId: order._id, item: itemA._id, cancelReason: 'Again' });
      expect(again.statusCode).toBe(409);

      const second = await cancel(s.token, { orderId: order._id, item: itemB._id, cancelReason: 'Too small' });
      const done = second.json().order as OrderDto;
      expect(done.paymentStatus).toBe('Refunded');
      expect(done.status).toBe('Cancelled');
      const refunds = done.items.reduce((sum, i) => sum + Math.round(i.refunded * 100), 0);
      expect(refunds).toBe(76_998);
      const wallet = await walletOf(t, s.id);
      expect(wallet.balance).toBe(200_000);
      expect(wallet.ledgerSum).toBe(wallet.balance);
      expect(wallet.rows.filter((r) => r.type === 'Order Cancelled')).toHaveLength(2);
      expect(await stockOf(t, b.id)).toBe(5);
    });

    it('an unpaid card order or a COD order gets no refund; stock is restored', async () => {
      const s = await createShopper(t);
      for (const method of ['razorpay', 'cod'] as const) {
        const { order, bag } = await placeOrderOf(t, s, method, { pricePaise: 30_000 }, 2);
        expect(await stockOf(t, bag.id)).toBe(8);
        const res = await cancel(s.token, {
          orderId: order._id,
          item: order.items[0]._id,
          cancelReason: 'No longer needed',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().order.items[0]).toMatchObject({ status: 'Cancelled', refunded: 0 });
        expect(res.json().order.paymentStatus).toBe('Pending');
        expect(await stockOf(t, bag.id)).toBe(10);
      }
      expect((await walletOf(t, s.id)).rows).toHaveLength(0);
    });
  });

  describe('returns', () => {
    it('within 7 days of delivery; after that 409', async () => {
      const s = await createShopper(t);
      await fundWallet(t, s.id, 100_000);
      const { order } = await placeOrderOf(t, s, 'wallet', { pricePaise: 10_000 });
      const itemId = order.items[0]._id;
      const notYet = await requestReturn(s.token, { orderId: order._id, item: itemId, returnReason: 'Torn strap' });
      expect(notYet.statusCode).toBe(409);

      await setItem(itemId, { status: 'Delivered', deliveredAt: sql`now() - interval '8 days'` as unknown as Date });
      const late = await requestReturn(s.token, { orderId: order._id, item: itemId, returnReason: 'Torn strap' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The return window of 7 days after delivery is over');

      await setItem(itemId, { deliveredAt: sql`now() - interval '6 days'` as unknown as Date });
      const missing = await requestReturn(s.token, { orderId: order._id, item: itemId });
      expect(missing.statusCode).toBe(400);
      const ok = await requestReturn(s.token, { orderId: order._id, item: itemId, returnReason: 'Torn strap' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Return request sent');
      expect(ok.json().order.items[0]).toMatchObject({ status: 'Return requested', returnReason: 'Torn strap' });
    });

    it('an approved return of a paid item refunds it (Order Returned) and restores stock', async () => {
      const s = await createShopper(t);
      await fundWallet(t, s.id, 100_000);
      const { order, bag } = await placeOrderOf(t, s, 'wallet', { pricePaise: 49_900 });
      const itemId = order.items[0]._id;
      await setItem(itemId, { status: 'Return requested', deliveredAt: new Date() });
      const realtime = recordingRealtime();
      const moved = await moveItem(
        { db: t.database.db, realtime },
        { orderId: order._id, itemId, to: 'Returned', by: 'admin', actorUserId: s.id },
      );
      expect(moved.items[0]).toMatchObject({ status: 'Returned', refunded: 573.95 });
      expect(realtime.updates).toEqual([[{ orderId: order._id, itemId, status: 'Returned' }, s.id]]);
      const wallet = await walletOf(t, s.id);
      expect(wallet.balance).toBe(100_000);
      expect(wallet.rows.find((r) => r.type === 'Order Returned')).toMatchObject({
        amountPaise: 57_395,
        orderItemId: itemId,
      });
      expect(await stockOf(t, bag.id)).toBe(10);
    });

    it('a rejected return needs a reason and goes back to Delivered', async () => {
      const s = await createShopper(t);
      const { order } = await placeOrderOf(t, s, 'cod');
      const itemId = order.items[0]._id;
      await setItem(itemId, { status: 'Return requested', deliveredAt: new Date() });
      const deps = { db: t.database.db, realtime: recordingRealtime() };
      const input = { orderId: order._id, itemId, to: 'Delivered' as const, by: 'admin' as const, actorUserId: s.id };
      await expect(moveItem(deps, input)).rejects.toMatchObject({ status: 400 });
      const moved = await moveItem(deps, { ...input, reason: 'Used, not as delivered' });
      expect(moved.items[0]).toMatchObject({ status: 'Delivered', returnRejectReason: 'Used, not as delivered' });
    });
  });

  describe('item transitions: every pair, by every actor', () => {
    let orderId: string;
    let itemId: string;
    let ownerId: string;
    beforeAll(async () => {
      const s = await createShopper(t);
      const placed = await placeOrderOf(t, s, 'cod');
      orderId = placed.order._id;
      itemId = placed.order.items[0]._id;
      ownerId = s.id;
    });

    const cases = ITEM_STATUSES.flatMap((from) =>
      ITEM_STATUSES.flatMap((to) => ITEM_ACTORS.map((by) => ({ from, to, by, allowed: canMoveItem(from, to, by) }))),
    );

    it('the table allows the moves of docs/product.md §4, the shop cancelling an unpaid item and the parcel moves of decision 039', () => {
      expect(cases.filter((c) => c.allowed).map((c) => `${c.from}→${c.to} (${c.by})`)).toEqual([
        'Pending→Shipped (courier)',
        'Pending→Cancelled (customer)',
        'Pending→Cancelled (system)',
        'Shipped→Pending (courier)',
        'Shipped→Delivered (admin)',
        'Shipped→Delivered (courier)',
        'Shipped→Returned to seller (admin)',
        'Shipped→Returned to seller (courier)',
        'Delivered→Return requested (customer)',
        'Return requested→Delivered (admin)',
        'Return requested→Returned (admin)',
      ]);
    });

    it.each(cases)('$from → $to by $by: allowed $allowed', async ({ from, to, by, allowed }) => {
      await t.database.db.delete(walletTransactions).where(eq(walletTransactions.orderItemId, itemId));
      // A cash-on-delivery item invoiced when it shipped gets a credit note when it leaves unpaid: one per case.
      await t.database.db.delete(creditNotes).where(eq(creditNotes.orderItemId, itemId));
      await t.database.db.update(orders).set({ paymentStatus: 'Pending', paidAt: null }).where(eq(orders.id, orderId));
      await setItem(itemId, { status: from as ItemStatus, deliveredAt: new Date(), refundedPaise: asPaise(0) });
      const realtime = recordingRealtime();
      const attempt = moveItem(
        { db: t.database.db, realtime },
        { orderId, itemId, to, by, reason: 'A reason', actorUserId: ownerId },
      );
      if (allowed) {
        const order = await attempt;
        expect(order.items[0].status).toBe(to);
        expect(realtime.updates).toEqual([[{ orderId, itemId, status: to }, ownerId]]);
      } else {
        await expect(attempt).rejects.toMatchObject({ status: 409 });
        expect(realtime.updates).toEqual([]);
        const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, itemId));
        expect(row.status).toBe(from);
      }
    });

    it("a customer cannot move another shopper's item", async () => {
      const stranger = await createShopper(t);
      await setItem(itemId, { status: 'Pending' });
      await expect(
        moveItem(
          { db: t.database.db, realtime: recordingRealtime() },
          { orderId, itemId, to: 'Cancelled', by: 'customer', reason: 'x', actorUserId: stranger.id },
        ),
      ).rejects.toMatchObject({ status: 404 });
    });

    it('a COD order is paid once everything left is delivered', async () => {
      const s = await createShopper(t);
      const { order } = await placeOrderOf(t, s, 'cod');
      const item = order.items[0]._id;
      const realtime = recordingRealtime();
      const deps = { db: t.database.db, realtime };
      const move = (to: ItemStatus, by: 'admin' | 'courier' = 'admin') =>
        moveItem(deps, { orderId: order._id, itemId: item, to, by, actorUserId: s.id });
      expect((await move('Shipped', 'courier')).paymentStatus).toBe('Pending');
      const delivered = await move('Delivered');
      expect(delivered).toMatchObject({ paymentStatus: 'Paid', status: 'Completed' });
      expect(delivered.items[0].deliveredAt).not.toBeNull();
      expect(realtime.paid).toEqual([order._id]);
    });

    it('a COD order is paid when what is left after a delivery is cancelled or refused at the door', async () => {
      for (const leaves of ['Cancelled', 'Returned to seller'] as const) {
        const s = await createShopper(t);
        const bags = [await createProduct(t, { pricePaise: 30_000 }), await createProduct(t, { pricePaise: 20_000 })];
        await putInCart(
          t,
          s.id,
          bags.map((bag) => ({ productId: bag.id, qty: 1 })),
        );
        const placed = await t.request({
          method: 'POST',
          url: '/api/orders',
          token: s.token,
          payload: { addressId: s.addressId, paymentMethod: 'cod' },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json().order as OrderDto;
        const [kept, other] = order.items.map((i) => i._id);
        const realtime = recordingRealtime();
        const move = (itemId: string, to: ItemStatus, by: 'admin' | 'courier' | 'customer') =>
          moveItem(
            { db: t.database.db, realtime },
            { orderId: order._id, itemId, to, by, reason: 'Changed my mind', actorUserId: s.id },
          );
        await move(kept, 'Shipped', 'courier');
        if (leaves === 'Returned to seller') await move(other, 'Shipped', 'courier');
        const delivered = await move(kept, 'Delivered', 'admin');
        // The other item is still to come: the cash for this one is in hand, the order not yet settled.
        expect(delivered.paymentStatus).toBe('Pending');
        const deliveredAt = delivered.items.find((i) => i._id === kept)?.deliveredAt;
        const settled = await move(other, leaves, leaves === 'Cancelled' ? 'customer' : 'courier');
        expect(settled, leaves).toMatchObject({ paymentStatus: 'Paid', status: 'Completed' });
        expect(realtime.paid, leaves).toEqual([order._id]);
        // Paid when the cash was taken at the door.
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
        expect(row.paidAt?.toISOString()).toBe(deliveredAt);
      }
    });
  });
});
