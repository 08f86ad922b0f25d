import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { cartItems } from '../../db/schema/catalogue.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { addresses } from '../../db/schema/users.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { createRazorpayProvider } from '../../platform/payments/razorpay.ts';
import { createShopper, placeOrderOf, recordingRealtime } from '../orders/order-fixtures.ts';
import { moveLockedItems } from '../orders/order-transitions.ts';
import { refundRequestOf, retryPendingRefunds } from './card-refunds.ts';
import { expireUnpaidOrders, scheduleOrderExpiry } from './expiry.ts';

const WEBHOOK_SECRET = 'whsec_test';
const sign = (body: string) => crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

let fake: FakeRazorpay;
let t: TestApp;
let shopper: TestUser;
let provider: PaymentProvider;
beforeAll(async () => {
  fake = await startFakeRazorpay('rzp_test_shop', 'shop_key_secret');
  provider = createRazorpayProvider({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
  t = await createTestApp({}, { payments: provider });
  shopper = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function sendWebhook(event: string, orderId: string, paymentId: string, amount: number) {
  const body = JSON.stringify({
    event,
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR' } } },
  });
  return t.request({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(body) },
    payload: body,
  });
}

describe('payments with Razorpay', () => {
  it('a wallet top-up creates a Razorpay order with the shop’s key and the amount in paise', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/payment/razorpay/order',
      token: shopper.token,
      payload: { amount: 1_234.5 },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toEqual({ id: fake.orders.at(-1)?.id, amount: 123_450, currency: 'INR', key: 'rzp_test_shop' });
    expect(fake.orders.at(-1)).toMatchObject({ amount: 123_450, currency: 'INR', status: 'created' });
  });

  it('the sandbox checkout does not exist with Razorpay', async () => {
    const id = fake.orders.at(-1)?.id;
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      token: shopper.token,
      payload: { id, outcome: 'success' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a webhook settles a card order once: one Paid transition however often it arrives', async () => {
    const product = await createProduct(t, { pricePaise: 249_900 });
    const [address] = await t.database.db
      .insert(addresses)
      .values({
        userId: shopper.id,
        name: 'Asha Rao',
        houseName: '12 Lake View',
        street: 'MG Road',
        town: 'Bengaluru',
        state: 'Karnataka',
        zipcode: '560001',
        country: 'IN',
        phone: '9876543210',
      })
      .returning();
    await t.database.db.insert(cartItems).values({ userId: shopper.id, productId: product.id, qty: 1 });
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: address.id, paymentMethod: 'razorpay' },
    });
    expect(placed.statusCode).toBe(201);
    const { order, payment } = placed.json();
    expect(payment).toMatchObject({ id: fake.orders.at(-1)?.id, key: 'rzp_test_shop' });
    expect(fake.orders.at(-1)?.amount).toBe(Math.round(order.finalAmount * 100));

    const answers = await Promise.all(
      [1, 2, 3].map(() => sendWebhook('payment.captured', payment.id, 'pay_order_1', payment.amount)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['already', 'already', 'paid']);

    const read = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: shopper.token });
    expect(read.json().order.paymentStatus).toBe('Paid');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, payment.id));
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: 'pay_order_1', purpose: 'order' });
  });

  it('bad provider credentials answer a clear 502', async () => {
    const broken = await createTestApp(
      {},
      { payments: createRazorpayProvider({ keyId: 'rzp_test_shop', keySecret: 'wrong', apiUrl: fake.url }) },
    );
    try {
      const user = await createUser(broken);
      const res = await broken.request({
        method: 'POST',
        url: '/api/user/payment/razorpay/order',
        token: user.token,
        payload: { amount: 100 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Payment initialization failed', code: 'PAYMENT_PROVIDER' });
    } finally {
      await broken.close();
    }
  });
});

describe('late payments with Razorpay', () => {
  const MINUTE = 60_000;
  const checkoutSignature = (orderId: string, paymentId: string) =>
    crypto.createHmac('sha256', fake.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  const refundsOf = (paymentId: string) => fake.refunds.filter((r) => r.payment_id === paymentId);
  const rowOf = async (providerOrderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)))[0];

  /** A card order placed through Razorpay, then cancelled by the scheduled job once its window is over. */
  async function expiredCardOrder() {
    const s = await createShopper(t);
    const placed = await placeOrderOf(t, s, 'razorpay');
    if (!placed.payment) throw new Error('no payment');
    const afterWindow = new Date(new Date(placed.order.createdAt).getTime() + 31 * MINUTE);
    await expireUnpaidOrders({ db: t.database.db, realtime: recordingRealtime(), moveLockedItems }, afterWindow);
    return { s, order: placed.order, payment: placed.payment };
  }
  function verify(token: string, orderId: string, providerOrderId: string, paymentId: string) {
    return t.request({
      method: 'POST',
      url: '/api/user/verify-payment',
      token,
      payload: {
        orderId,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(providerOrderId, paymentId),
      },
    });
  }

  it('verify and webhook arriving together for an expired order refund it through Razorpay exactly once', async () => {
    const { s, order, payment } = await expiredCardOrder();
    const paymentId = `pay_late${crypto.randomBytes(4).toString('hex')}`;
    const [verified, hooked] = await Promise.all([
      verify(s.token, order._id, payment.id, paymentId),
      sendWebhook('payment.captured', payment.id, paymentId, payment.amount),
    ]);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(
      'This order was cancelled before your payment arrived. Your payment will be refunded to your card.',
    );
    expect(hooked.statusCode).toBe(200);
    expect(['refunded', 'already']).toContain(hooked.json().outcome);

    const row = await rowOf(payment.id);
    expect(refundsOf(paymentId)).toEqual([
      expect.objectContaining({
        amount: payment.amount,
        currency: 'INR',
        idempotencyKey: row.id,
        receipt: `refund_${row.id.replaceAll('-', '')}`,
      }),
    ]);
    expect(row).toMatchObject({
      status: 'refunded',
      providerPaymentId: paymentId,
      refundId: refundsOf(paymentId)[0].id,
    });
    const read = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token });
    expect(read.json().order).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' });

    // Later replays of either refund nothing more.
    expect((await sendWebhook('payment.captured', payment.id, paymentId, payment.amount)).json().outcome).toBe(
      'already',
    );
    expect((await verify(s.token, order._id, payment.id, paymentId)).statusCode).toBe(409);
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it('a refund Razorpay fails is asked again by the scheduled job, once it is due, and taken once', async () => {
    const { s, order, payment } = await expiredCardOrder();
    const paymentId = `pay_retry${crypto.randomBytes(4).toString('hex')}`;
    fake.failNextRefunds(1);
    const verified = await verify(s.token, order._id, payment.id, paymentId);
    expect(verified.statusCode).toBe(409);
    expect(refundsOf(paymentId)).toEqual([]);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'refund_pending', refundId: null });
    const pending = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token });
    expect(pending.json().order).toMatchObject({
      paymentStatus: 'Pending',
      cardRefund: { amount: payment.amount / 100, pending: true },
    });

    const deps = { db: t.database.db, payments: provider, metrics: t.app.metrics };
    const errors: unknown[] = [];
    // The attempt just made keeps the job away for a minute.
    expect(await retryPendingRefunds(deps, new Date(), (e) => errors.push(e))).toBe(0);
    expect(await retryPendingRefunds(deps, new Date(Date.now() + 2 * MINUTE), (e) => errors.push(e))).toBe(1);
    expect(errors).toEqual([]);
    expect(refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: payment.amount })]);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'refunded', refundId: refundsOf(paymentId)[0].id });
    const done = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token });
    expect(done.json().order).toMatchObject({
      paymentStatus: 'Refunded',
      cardRefund: { amount: payment.amount / 100, pending: false },
    });
    expect(await retryPendingRefunds(deps, new Date(Date.now() + 10 * MINUTE))).toBe(0);
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it('a refund whose answer was lost is asked again with the same key and Razorpay takes it once', async () => {
    const { s, order, payment } = await expiredCardOrder();
    const paymentId = `pay_lost${crypto.randomBytes(4).toString('hex')}`;
    fake.failNextRefunds(1);
    expect((await verify(s.token, order._id, payment.id, paymentId)).statusCode).toBe(409);
    const row = await rowOf(payment.id);
    // Razorpay took the refund but the shop never heard back.
    await provider.refund(paymentId, row.amountPaise, refundRequestOf(row));
    expect(refundsOf(paymentId)).toHaveLength(1);
    const errors: unknown[] = [];
    const deps = { db: t.database.db, payments: provider, metrics: t.app.metrics };
    expect(await retryPendingRefunds(deps, new Date(Date.now() + 2 * MINUTE), (e) => errors.push(e))).toBe(1);
    expect(errors).toEqual([]);
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'refunded', refundId: refundsOf(paymentId)[0].id });
  });

  it('the scheduled job, when it runs, cancels orders past their window and asks again for due refunds', async () => {
    const { s, order, payment } = await expiredCardOrder();
    const paymentId = `pay_job${crypto.randomBytes(4).toString('hex')}`;
    fake.failNextRefunds(1);
    expect((await verify(s.token, order._id, payment.id, paymentId)).statusCode).toBe(409);
    // The failed attempt was two minutes ago.
    await t.database.db
      .update(payments)
      .set({ refundAttemptAt: new Date(Date.now() - 2 * MINUTE) })
      .where(eq(payments.providerOrderId, payment.id));
    const due = await placeOrderOf(t, await createShopper(t), 'razorpay');
    await t.database.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - MINUTE) })
      .where(eq(orders.id, due.order._id));

    const errors: unknown[] = [];
    const stop = scheduleOrderExpiry(
      { db: t.database.db, realtime: recordingRealtime(), payments: provider, moveLockedItems, metrics: t.app.metrics },
      (e) => errors.push(e),
    );
    try {
      await expect.poll(async () => (await rowOf(payment.id)).status).toBe('refunded');
      await expect
        .poll(async () => (await t.database.db.select().from(orders).where(eq(orders.id, due.order._id)))[0].expiredAt)
        .not.toBeNull();
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    expect(refundsOf(paymentId)).toHaveLength(1);
  });
});
