import crypto from 'node:crypto';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { payments, walletTransactions } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { balanceOf, debit } from '../wallet/service.ts';

const SECRET = 'sandbox-secret-for-payment-tests';
const provider = createSandboxProvider(SECRET);
const webhookSignature = (body: string) => crypto.createHmac('sha256', `${SECRET}:webhook`).update(body).digest('hex');

let t: TestApp;
let shopper: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { payments: provider });
  shopper = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

async function topUpOrder(user: TestUser, amount: number): Promise<{ id: string; amount: number }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/user/payment/razorpay/order',
    token: user.token,
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const paymentRow = async (providerOrderId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)))[0];

function webhookBody(event: string, orderId: string, paymentId: string, amount: number): string {
  return JSON.stringify({
    entity: 'event',
    event,
    payload: { payment: { entity: { id: paymentId, entity: 'payment', order_id: orderId, amount, currency: 'INR' } } },
  });
}

function sendWebhook(body: string, signature: string | null = webhookSignature(body)) {
  return t.request({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-razorpay-signature': signature } : {}) },
    payload: body,
  });
}

describe('POST /api/user/payment/:provider/order', () => {
  it('creates a provider order in paise and remembers it as the caller’s wallet top-up', async () => {
    const order = await topUpOrder(shopper, 250.5);
    expect(order).toEqual({
      id: expect.stringMatching(/^order_sbx_/),
      amount: 25_050,
      currency: 'INR',
      key: 'rzp_sandbox',
    });
    expect(await paymentRow(order.id)).toMatchObject({
      userId: shopper.id,
      orderId: null,
      purpose: 'wallet',
      provider: 'sandbox',
      amountPaise: 25_050,
      status: 'created',
    });
  });

  it('refuses amounts that are not a positive rupee amount, unknown providers and strangers', async () => {
    for (const amount of [0, -5, 0.5, 10.001, 100_001, '100']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/user/payment/razorpay/order',
        token: shopper.token,
        payload: { amount },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().fields.amount).toBe('Please enter a valid amount.');
    }
    const unknown = await t.request({
      method: 'POST',
      url: '/api/user/payment/paypal/order',
      token: shopper.token,
      payload: { amount: 10 },
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/user/payment/razorpay/order',
      payload: { amount: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/payments/sandbox/complete', () => {
  it('success answers a checkout result the provider verifies', async () => {
    const order = await topUpOrder(shopper, 100);
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      token: shopper.token,
      payload: { id: order.id, outcome: 'success' },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toEqual({
      razorpay_order_id: order.id,
      razorpay_payment_id: expect.stringMatching(/^pay_sbx_/),
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(provider.verifySignature(result)).toBe(true);
    expect(provider.verifySignature({ ...result, razorpay_order_id: 'order_other' })).toBe(false);
  });

  it('another user’s or an unknown provider order is 404', async () => {
    const order = await topUpOrder(shopper, 100);
    for (const [user, id] of [
      [other, order.id],
      [shopper, 'order_sbx_unknown'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/payments/sandbox/complete',
        token: user.token,
        payload: { id, outcome: 'success' },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await paymentRow(order.id))?.status).toBe('created');
  });

  it('failure answers 402 and marks the provider order failed; it cannot succeed afterwards', async () => {
    const order = await topUpOrder(shopper, 100);
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      token: shopper.token,
      payload: { id: order.id, outcome: 'failure' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Payment failed', code: 'PAYMENT_FAILED' });
    expect(await paymentRow(order.id)).toMatchObject({ status: 'failed', settledAt: expect.any(Date) });
    const again = await t.request({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      token: shopper.token,
      payload: { id: order.id, outcome: 'success' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /api/payments/razorpay/webhook', () => {
  it('refuses a missing, forged or body-tampered signature', async () => {
    const order = await topUpOrder(shopper, 75);
    const body = webhookBody('payment.captured', order.id, 'pay_forged', 7_500);
    const forged = crypto.createHmac('sha256', 'not-the-secret').update(body).digest('hex');
    const tampered = body.replace('7500', '750000');
    for (const res of [
      await sendWebhook(body, null),
      await sendWebhook(body, forged),
      await sendWebhook(body, 'zz'),
      await sendWebhook(tampered, webhookSignature(body)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid webhook signature');
    }
    expect((await paymentRow(order.id))?.status).toBe('created');
  });

  it('credits a captured top-up exactly once, however often the event is replayed', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 499.99);
    const body = webhookBody('payment.captured', order.id, `pay_${crypto.randomBytes(6).toString('hex')}`, 49_999);
    const answers = await Promise.all([sendWebhook(body), sendWebhook(body), sendWebhook(body)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['already', 'already', 'credited']);
    expect((await sendWebhook(body)).json().outcome).toBe('already');
    expect(await balanceOf(t.database.db, user.id)).toBe(49_999);
    const rows = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 49_999, type: 'Wallet Recharge' });
    expect(await paymentRow(order.id)).toMatchObject({ status: 'paid', providerPaymentId: expect.any(String) });
  });

  it('a failed top-up credits nothing; a capture reported after it still credits once', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 20);
    const failed = await sendWebhook(webhookBody('payment.failed', order.id, 'pay_fail_1', 2_000));
    expect(failed.json().outcome).toBe('failed');
    expect(await balanceOf(t.database.db, user.id)).toBe(0);
    expect((await paymentRow(order.id))?.status).toBe('failed');
    const captured = webhookBody('payment.captured', order.id, 'pay_late_1', 2_000);
    expect((await sendWebhook(captured)).json().outcome).toBe('credited');
    expect((await sendWebhook(captured)).json().outcome).toBe('already');
    expect(await balanceOf(t.database.db, user.id)).toBe(2_000);
  });

  it('ignores other events, unknown orders and a captured amount that differs from the order', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 10);
    for (const body of [
      webhookBody('order.paid', order.id, 'pay_x1', 1_000),
      webhookBody('payment.captured', 'order_unknown', 'pay_x2', 1_000),
      webhookBody('payment.captured', order.id, 'pay_x3', 999_999),
      JSON.stringify({ event: 'payment.captured' }),
    ]) {
      const res = await sendWebhook(body);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('ignored');
    }
    expect(await balanceOf(t.database.db, user.id)).toBe(0);
  });

  it('a signed body that is not JSON is a 400', async () => {
    const res = await sendWebhook('{not json');
    expect(res.statusCode).toBe(400);
  });
});

describe('wallet routes', () => {
  it('GET /api/wallet/razorpay-key gives the provider’s public key', async () => {
    const res = await t.request({ method: 'GET', url: '/api/wallet/razorpay-key', token: shopper.token });
    expect(res.json()).toEqual({ key: 'rzp_sandbox' });
    expect((await t.request({ method: 'GET', url: '/api/wallet/razorpay-key' })).statusCode).toBe(401);
  });

  it('GET /api/wallet/wallet gives the balance in rupees and the newest movements first', async () => {
    const user = await createUser(t);
    const empty = await t.request({ method: 'GET', url: '/api/wallet/wallet', token: user.token });
    expect(empty.json()).toEqual({ balance: 0, transactions: [] });

    const order = await topUpOrder(user, 300);
    await sendWebhook(
      webhookBody('payment.captured', order.id, `pay_${crypto.randomBytes(6).toString('hex')}`, 30_000),
    );
    await t.database.db.transaction((tx) =>
      debit(tx, {
        userId: user.id,
        amountPaise: asPaise(12_550),
        type: 'Debited',
        description: 'Paid for ORD-TEST000001',
      }),
    );
    const res = await t.request({ method: 'GET', url: '/api/wallet/wallet', token: user.token });
    expect(res.statusCode).toBe(200);
    const wallet = res.json();
    expect(wallet.balance).toBe(174.5);
    expect(wallet.transactions).toEqual([
      {
        _id: expect.any(String),
        type: 'Debit',
        transactionType: 'Debited',
        amount: 125.5,
        description: 'Paid for ORD-TEST000001',
        orderId: null,
        createdAt: expect.any(String),
      },
      expect.objectContaining({ type: 'Credit', transactionType: 'Wallet Recharge', amount: 300 }),
    ]);
    const others = await t.request({ method: 'GET', url: '/api/wallet/wallet', token: other.token });
    expect(others.json().transactions).toEqual([]);
  });
});
