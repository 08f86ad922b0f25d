import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { cartItems } from '../../db/schema/catalogue.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import {
  createShopper,
  fundWallet,
  placeOrderOf,
  putInCart,
  type Shopper,
  stockOf,
  walletOf,
} from '../../modules/orders/order-fixtures.ts';
import { cardPaymentMode, createPaymentProvider } from './create-provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

const OFF = { message: SHOP_SETTINGS_MSG.cardPaymentsOff, code: 'CARD_PAYMENTS_OFF' };

describe('choosing how cards are paid', () => {
  const keys = { RAZORPAY_KEY_ID: 'rzp_live_key', RAZORPAY_KEY_SECRET: 'secret' };
  const cases: Array<[string, Record<string, string>, boolean, 'razorpay' | 'sandbox' | 'off']> = [
    ['keys', keys, false, 'razorpay'],
    ['keys on demo data', keys, true, 'razorpay'],
    ['keys and PAYMENT_PROVIDER=razorpay', { ...keys, PAYMENT_PROVIDER: 'razorpay' }, true, 'razorpay'],
    ['PAYMENT_PROVIDER=sandbox', { PAYMENT_PROVIDER: 'sandbox' }, false, 'sandbox'],
    ['PAYMENT_PROVIDER=sandbox on demo data', { PAYMENT_PROVIDER: 'sandbox' }, true, 'sandbox'],
    ['demo data only', {}, true, 'sandbox'],
    ['nothing', {}, false, 'off'],
  ];

  it.each(cases)('%s → %s', (_name, env, demoData, mode) => {
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    expect(cardPaymentMode(config, demoData)).toBe(mode);
    const provider = createPaymentProvider(config, 'sandbox-secret', demoData);
    expect(provider?.name ?? 'off').toBe(mode);
    if (mode === 'razorpay') expect(provider?.keyId).toBe('rzp_live_key');
  });

  it('with keys never takes the sandbox, and asking for it is a start error', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox', ...keys })).toThrow(/sandbox cannot be used/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      /PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
  });
});

describe('GET /api/shop/settings', () => {
  let fake: FakeRazorpay;
  const opened: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeRazorpay('rzp_test_settings', 'settings_secret');
  });
  afterAll(async () => {
    for (const t of opened) await t.close();
    await fake.close();
  });

  it('tells any visitor how cards are paid', async () => {
    const providers = {
      razorpay: createRazorpayProvider({ keyId: 'rzp_test_settings', keySecret: 'settings_secret', apiUrl: fake.url }),
      sandbox: createSandboxProvider('settings'),
      off: null,
    };
    for (const [mode, provider] of Object.entries(providers)) {
      const t = await createTestApp({}, { payments: provider });
      opened.push(t);
      const res = await t.request({ method: 'GET', url: '/api/shop/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ cardPayments: mode, pricesIncludeGst: false });
    }
  });
});

describe('with card payments off', () => {
  let t: TestApp;
  let off: Awaited<ReturnType<TestApp['sibling']>>;
  let shopper: Shopper;
  beforeAll(async () => {
    // The shop took card payments once (e.g. on the sandbox), then runs without any provider.
    t = await createTestApp({}, { payments: createSandboxProvider('before') });
    off = await t.sibling({ payments: null });
    shopper = await createShopper(t);
  });
  afterAll(async () => {
    await off.close();
    await t.close();
  });

  const post = (url: string, payload: object, token = shopper.token) =>
    off.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  const paymentRows = async () => t.database.db.select().from(payments).where(eq(payments.userId, shopper.id));

  it('refuses a card order before taking anything, and says why', async () => {
    const bag = await createProduct(t, { pricePaise: 49_900, quantity: 4 });
    await putInCart(t, shopper.id, [{ productId: bag.id, qty: 1 }]);
    const ordersBefore = await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id));

    const res = await post('/api/orders', { addressId: shopper.addressId, paymentMethod: 'razorpay' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ...OFF, fields: { paymentMethod: SHOP_SETTINGS_MSG.cardPaymentsOff } });
    expect(await stockOf(t, bag.id)).toBe(4);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toHaveLength(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual(ordersBefore);

    const cod = await post('/api/orders', { addressId: shopper.addressId, paymentMethod: 'cod' });
    expect(cod.statusCode).toBe(201);
    expect(cod.json().payment).toBeUndefined();
    expect(await stockOf(t, bag.id)).toBe(3);
  });

  it('still takes wallet payments', async () => {
    const bag = await createProduct(t, { pricePaise: 30_000, quantity: 3 });
    await fundWallet(t, shopper.id, 100_000);
    await putInCart(t, shopper.id, [{ productId: bag.id, qty: 1 }]);
    const res = await post('/api/orders', { addressId: shopper.addressId, paymentMethod: 'wallet' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ paymentMethod: 'wallet', paymentStatus: 'Paid' });
    expect((await walletOf(t, shopper.id)).balance).toBeLessThan(100_000);
  });

  it('refuses a wallet top-up, and the retry of a card order placed before', async () => {
    const { order } = await placeOrderOf(t, shopper, 'razorpay');
    const before = await paymentRows();
    const balance = (await walletOf(t, shopper.id)).balance;

    for (const [url, payload] of [
      ['/api/wallet/create-order', { amount: 500 }],
      ['/api/user/payment/razorpay/order', { amount: 500 }],
      ['/api/user/retry-payment', { orderId: order._id }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json(), url).toEqual(OFF);
    }
    const key = await off.app.inject({
      method: 'GET',
      url: '/api/wallet/razorpay-key',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(key.statusCode).toBe(409);
    expect(await paymentRows()).toEqual(before);
    expect((await walletOf(t, shopper.id)).balance).toBe(balance);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row.paymentStatus).toBe('Pending');
  });

  it('has no sandbox checkout and accepts no payment result', async () => {
    const { order, payment } = await placeOrderOf(t, shopper, 'razorpay');
    if (!payment) throw new Error('the sandbox made no payment');
    const complete = await post('/api/payments/sandbox/complete', { id: payment.id, outcome: 'success' });
    expect(complete.statusCode).toBe(404);
    const signed = createSandboxProvider('before').sign(payment.id, 'pay_x');
    const verify = await post('/api/user/verify-payment', {
      orderId: order._id,
      razorpay_order_id: payment.id,
      razorpay_payment_id: 'pay_x',
      razorpay_signature: signed,
    });
    expect(verify.statusCode).toBe(400);
    const topUp = await post('/api/wallet/update', {
      razorpay_order_id: payment.id,
      razorpay_payment_id: 'pay_x',
      razorpay_signature: signed,
    });
    expect(topUp.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row.paymentStatus).toBe('Pending');
  });
});
