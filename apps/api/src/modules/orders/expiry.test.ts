import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orders } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { EXPIRED_REASON, expireUnpaidOrders } from './expiry.ts';
import { createShopper, fundWallet, placeOrderOf, recordingRealtime, stockOf } from './order-fixtures.ts';

describe('unpaid order expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: createSandboxProvider('expiry-test') });
  });
  afterAll(() => t.close());

  const ageHours = (orderId: string, hours: number) =>
    t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(orders.id, orderId));

  it('cancels card orders unpaid for 24 h, restores their stock, and leaves the others alone', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 100_000);
    const old = await placeOrderOf(t, s, 'razorpay', {}, 2);
    const fresh = await placeOrderOf(t, s, 'razorpay');
    const cod = await placeOrderOf(t, s, 'cod');
    const wallet = await placeOrderOf(t, s, 'wallet');
    await ageHours(old.order._id, 25);
    await ageHours(fresh.order._id, 23);
    await ageHours(cod.order._id, 25);
    await ageHours(wallet.order._id, 25);
    expect(await stockOf(t, old.bag.id)).toBe(8);

    const realtime = recordingRealtime();
    expect(await expireUnpaidOrders({ db: t.database.db, realtime })).toBe(1);
    const res = await t.request({ method: 'GET', url: `/api/orders/${old.order._id}`, token: s.token });
    expect(res.json().order).toMatchObject({ status: 'Cancelled', canRetryPayment: false, expiresAt: null });
    expect(res.json().order.items[0]).toMatchObject({ status: 'Cancelled', cancelReason: EXPIRED_REASON });
    expect(await stockOf(t, old.bag.id)).toBe(10);
    expect(realtime.updates).toEqual([
      [{ orderId: old.order._id, itemId: old.order.items[0]._id, status: 'Cancelled' }, s.id],
    ]);
    for (const other of [fresh, cod, wallet]) {
      const row = (await t.database.db.select().from(orders).where(eq(orders.id, other.order._id)))[0];
      expect(row.expiredAt).toBeNull();
    }

    // Running again changes nothing; a retry of the expired order is refused.
    expect(await expireUnpaidOrders({ db: t.database.db, realtime })).toBe(0);
    expect(await stockOf(t, old.bag.id)).toBe(10);
    const retry = await t.request({
      method: 'POST',
      url: '/api/user/retry-payment',
      token: s.token,
      payload: { orderId: old.order._id },
    });
    expect(retry.statusCode).toBe(409);
  });

  it('uses the time it is given', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'razorpay');
    const deps = { db: t.database.db, realtime: recordingRealtime() };
    const expiredAt = async () =>
      (await t.database.db.select().from(orders).where(eq(orders.id, order._id)))[0].expiredAt;
    await expireUnpaidOrders(deps, new Date(Date.now() + 23 * 3600_000));
    expect(await expiredAt()).toBeNull();
    await expireUnpaidOrders(deps, new Date(Date.now() + 25 * 3600_000));
    const row = { expiredAt: await expiredAt() };
    expect(row.expiredAt).not.toBeNull();
  });
});
