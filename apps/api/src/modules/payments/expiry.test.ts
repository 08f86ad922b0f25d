import crypto from 'node:crypto';
import type { OrderDto } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { shipmentBody } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { couponRedemptions, coupons } from '../../db/schema/coupons.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import {
  createShopper,
  fundWallet,
  placeOrderOf,
  putInCart,
  recordingRealtime,
  stockOf,
  walletOf,
} from '../orders/order-fixtures.ts';
import { moveLockedItems } from '../orders/order-transitions.ts';
import { expireUnpaidOrders } from './expiry.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('unpaid card orders past their payment window', () => {
  const provider = createSandboxProvider('expiry-test');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: provider });
  });
  afterAll(() => t.close());

  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const read = async (token: string, id: string) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, token })).json().order as OrderDto;
  const expire = (at: Date) =>
    expireUnpaidOrders({ db: t.database.db, realtime: recordingRealtime(), moveLockedItems }, at);

  async function createCoupon() {
    // The name is the code shoppers type, unique among live coupons.
    const name = `Window ${crypto.randomBytes(3).toString('hex')}`;
    const [row] = await t.database.db
      .insert(coupons)
      .values({
        code: name,
        name,
        description: 'Ten off',
        activation: new Date(Date.now() - DAY),
        expiry: new Date(Date.now() + DAY),
        discount: 10,
        minAmountPaise: asPaise(0),
        maxAmountPaise: asPaise(100_000),
        usageLimit: 5,
      })
      .returning();
    return row;
  }

  it('are cancelled after 30 minutes: stock and coupon come back, other orders stay as they are', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 200_000);
    const coupon = await createCoupon();
    const apply = await t.request({
      method: 'POST',
      url: '/api/user/applyCoupon',
      token: s.token,
      payload: { code: coupon.code },
    });
    expect(apply.statusCode).toBe(200);
    const card = await placeOrderOf(t, s, 'razorpay', {}, 2);
    const cod = await placeOrderOf(t, s, 'cod');
    const wallet = await placeOrderOf(t, s, 'wallet');
    const walletBefore = await walletOf(t, s.id);
    expect(card.order.couponDiscount).toBeGreaterThan(0);
    expect(await stockOf(t, card.bag.id)).toBe(8);
    const placedAt = new Date(card.order.createdAt).getTime();
    expect(new Date(card.order.expiresAt ?? 0).getTime() - placedAt).toBe(30 * MINUTE);
    expect(cod.order.expiresAt).toBeNull();
    expect((await orderRow(cod.order._id)).paymentDueAt).toBeNull();

    expect(await expire(new Date(placedAt + 29 * MINUTE))).toBe(0);
    expect((await read(s.token, card.order._id)).status).toBe('Pending');

    const realtime = recordingRealtime();
    expect(
      await expireUnpaidOrders({ db: t.database.db, realtime, moveLockedItems }, new Date(placedAt + 31 * MINUTE)),
    ).toBe(1);
    const expired = await read(s.token, card.order._id);
    expect(expired).toMatchObject({ status: 'Cancelled', paymentStatus: 'Pending', canRetryPayment: false });
    expect(expired.expiresAt).toBeNull();
    expect(expired.items[0]).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Payment not received within 30 minutes',
      refunded: 0,
    });
    expect(await stockOf(t, card.bag.id)).toBe(10);
    const [couponAfter] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(couponAfter.usedCount).toBe(0);
    expect(
      await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, card.order._id)),
    ).toEqual([]);
    // A card order has no wallet part: the wallet neither gains nor loses.
    expect(await walletOf(t, s.id)).toEqual(walletBefore);
    expect(realtime.updates).toEqual([
      [{ orderId: card.order._id, itemId: card.order.items[0]._id, status: 'Cancelled' }, s.id],
    ]);
    for (const other of [cod, wallet]) {
      expect((await orderRow(other.order._id)).expiredAt).toBeNull();
      expect((await read(s.token, other.order._id)).items[0].status).toBe('Pending');
    }

    // Running again changes nothing; the expired order cannot be paid again.
    expect(await expire(new Date(placedAt + 60 * MINUTE))).toBe(0);
    expect(await stockOf(t, card.bag.id)).toBe(10);
    const retry = await t.request({
      method: 'POST',
      url: '/api/user/retry-payment',
      token: s.token,
      payload: { orderId: card.order._id },
    });
    expect(retry.statusCode).toBe(409);
  });

  it('moves items only through the item transition table: an item shipped before payment stays shipped', async () => {
    const s = await createShopper(t);
    const admin = await createUser(t, { isAdmin: true });
    const shipped = await createProduct(t, { pricePaise: 49_900, quantity: 10 });
    const waiting = await createProduct(t, { pricePaise: 59_900, quantity: 10 });
    await putInCart(t, s.id, [
      { productId: shipped.id, qty: 1 },
      { productId: waiting.id, qty: 1 },
    ]);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod: 'razorpay' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as OrderDto;
    const itemOf = (productId: string) => {
      const item = order.items.find((i) => i.product._id === productId);
      if (!item) throw new Error('item missing');
      return item._id;
    };
    // An unpaid card order is not shipped any more: neither the desk nor a booking may do it.
    const move = await t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      token: admin.token,
      payload: { id: order._id, item: itemOf(shipped.id), status: 'Shipped' },
    });
    expect(move.statusCode).toBe(409);
    const book = await t.request({
      method: 'POST',
      url: '/api/admin/shipments',
      token: admin.token,
      payload: shipmentBody(order._id, [itemOf(shipped.id)]),
    });
    expect(book.statusCode).toBe(409);
    expect(book.json().message).toBe(SHIPPING_MSG.awaitsPayment);
    // Older orders have items the desk shipped before payment, when it still could: the job must leave them shipped.
    await t.database.db
      .update(orderItems)
      .set({ status: 'Shipped' })
      .where(eq(orderItems.id, itemOf(shipped.id)));

    const realtime = recordingRealtime();
    const afterWindow = new Date(new Date(order.createdAt).getTime() + 31 * MINUTE);
    expect(await expireUnpaidOrders({ db: t.database.db, realtime, moveLockedItems }, afterWindow)).toBe(1);

    // The table has no Shipped → Cancelled move (for the shop or anyone), so the job cancels only the pending item.
    const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const statusOf = (productId: string) => rows.find((r) => r.productId === productId)?.status;
    expect(statusOf(shipped.id)).toBe('Shipped');
    expect(statusOf(waiting.id)).toBe('Cancelled');
    expect(await stockOf(t, shipped.id)).toBe(9);
    expect(await stockOf(t, waiting.id)).toBe(10);
    expect(realtime.updates).toEqual([[{ orderId: order._id, itemId: itemOf(waiting.id), status: 'Cancelled' }, s.id]]);
  });

  it('never cancels an order whose payment won the race, and never keeps a payment that lost it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const s = await createShopper(t);
      const { order, payment, bag } = await placeOrderOf(t, s, 'razorpay');
      if (!payment) throw new Error('no payment');
      const paymentId = `pay_race${round}${crypto.randomBytes(3).toString('hex')}`;
      const verify = t.request({
        method: 'POST',
        url: '/api/user/verify-payment',
        token: s.token,
        payload: {
          orderId: order._id,
          razorpay_order_id: payment.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: provider.sign(payment.id, paymentId),
        },
      });
      const [answer, expiredCount] = await Promise.all([verify, expire(new Date(Date.now() + 31 * MINUTE))]);
      const row = await orderRow(order._id);
      const [paymentRow] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, payment.id));
      const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
      if (answer.statusCode === 200) {
        expect(expiredCount).toBe(0);
        expect(row).toMatchObject({ paymentStatus: 'Paid', expiredAt: null });
        expect(item.status).toBe('Pending');
        expect(paymentRow.status).toBe('paid');
        expect(await stockOf(t, bag.id)).toBe(9);
      } else {
        expect(answer.statusCode).toBe(409);
        expect(expiredCount).toBe(1);
        expect(row.paymentStatus).toBe('Refunded');
        expect(item.status).toBe('Cancelled');
        expect(paymentRow.status).toBe('refunded');
        expect(provider.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
        expect(await stockOf(t, bag.id)).toBe(10);
      }
    }
  });
});

describe('the payment window setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_WINDOW_MINUTES: '5' });
  });
  afterAll(() => t.close());

  it('decides when a card order is cancelled and what the shopper is told', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'razorpay');
    const placedAt = new Date(order.createdAt).getTime();
    expect(new Date(order.expiresAt ?? 0).getTime() - placedAt).toBe(5 * MINUTE);
    const deps = { db: t.database.db, realtime: recordingRealtime(), moveLockedItems };
    expect(await expireUnpaidOrders(deps, new Date(placedAt + 4 * MINUTE))).toBe(0);
    expect(await expireUnpaidOrders(deps, new Date(placedAt + 6 * MINUTE))).toBe(1);
    const res = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token });
    expect(res.json().order.items[0].cancelReason).toBe('Payment not received within 5 minutes');
  });
});
