import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { cartItems } from '../../db/schema/catalogue.ts';
import { payments } from '../../db/schema/orders.ts';
import { addresses } from '../../db/schema/users.ts';
import { createRazorpayProvider } from '../../platform/payments/razorpay.ts';

const WEBHOOK_SECRET = 'whsec_test';
const sign = (body: string) => crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

let fake: FakeRazorpay;
let t: TestApp;
let shopper: TestUser;
beforeAll(async () => {
  fake = await startFakeRazorpay('rzp_test_shop', 'shop_key_secret');
  const payments = createRazorpayProvider({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
  t = await createTestApp({}, { payments });
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
