import crypto from 'node:crypto';
import { asPaise } from '@bagshop/shared/pricing/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { AppError } from '../errors.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider } from './sandbox.ts';

const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text).digest('hex');

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay('rzp_test_key', 'key_secret_1');
});
afterAll(() => fake.close());

describe('razorpay provider against a local Razorpay', () => {
  it('creates an order with the key as Basic auth and the amount in paise', async () => {
    const provider = createRazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'key_secret_1', apiUrl: fake.url });
    const order = await provider.createOrder(asPaise(123_456), 'rcpt_1');
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amountPaise: 123_456, currency: 'INR' });
    expect(fake.orders.at(-1)).toMatchObject({ id: order.id, amount: 123_456, currency: 'INR', receipt: 'rcpt_1' });
    expect(provider.keyId).toBe('rzp_test_key');
    expect(provider.name).toBe('razorpay');
  });

  it('turns wrong credentials into a clear 502 error', async () => {
    const provider = createRazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'wrong', apiUrl: fake.url });
    const before = fake.orders.length;
    const error = await provider.createOrder(asPaise(10_000), 'rcpt_2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, code: 'PAYMENT_PROVIDER', message: 'Payment initialization failed' });
    expect(String((error as Error).cause)).toContain('401: Authentication failed');
    expect(fake.orders.length).toBe(before);
  });

  it('turns an unreachable provider into the same error', async () => {
    const provider = createRazorpayProvider({ keyId: 'k', keySecret: 's', apiUrl: 'http://127.0.0.1:1' });
    await expect(provider.createOrder(asPaise(10_000), 'r')).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER' });
  });

  it('refunds a payment with Basic auth and the idempotency key; the same key never refunds twice', async () => {
    const provider = createRazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'key_secret_1', apiUrl: fake.url });
    const request = { idempotencyKey: 'a1b2c3d4-0000-4000-8000-000000000001', receipt: 'refund_1', notes: { n: 'x' } };
    const refund = await provider.refund('pay_Refund1', asPaise(45_000), request);
    expect(refund).toEqual({ id: expect.stringMatching(/^rfnd_/), amountPaise: 45_000 });
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        id: refund.id,
        payment_id: 'pay_Refund1',
        amount: 45_000,
        receipt: 'refund_1',
        notes: { n: 'x' },
        idempotencyKey: request.idempotencyKey,
      }),
    ]);
    expect(await provider.refund('pay_Refund1', asPaise(45_000), request)).toEqual(refund);
    expect(fake.refunds).toHaveLength(1);
  });

  it('throws when Razorpay does not take the refund, taking nothing', async () => {
    const before = fake.refunds.length;
    const request = { idempotencyKey: 'a1b2c3d4-0000-4000-8000-000000000002', receipt: 'refund_2' };
    const wrongKey = createRazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'wrong', apiUrl: fake.url });
    await expect(wrongKey.refund('pay_Refund2', asPaise(10_000), request)).rejects.toThrow(
      '401: Authentication failed',
    );
    const provider = createRazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'key_secret_1', apiUrl: fake.url });
    fake.failNextRefunds(1);
    await expect(provider.refund('pay_Refund2', asPaise(10_000), request)).rejects.toThrow('Razorpay answered 500');
    const unreachable = createRazorpayProvider({ keyId: 'k', keySecret: 's', apiUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.refund('pay_Refund2', asPaise(10_000), request)).rejects.toThrow();
    expect(fake.refunds.length).toBe(before);
  });

  it('accepts only the checkout signature made with the key secret', () => {
    const provider = createRazorpayProvider({ keyId: 'k', keySecret: 'key_secret_1', apiUrl: fake.url });
    const good = {
      razorpay_order_id: 'order_A',
      razorpay_payment_id: 'pay_B',
      razorpay_signature: hmac('key_secret_1', 'order_A|pay_B'),
    };
    expect(provider.verifySignature(good)).toBe(true);
    expect(provider.verifySignature({ ...good, razorpay_signature: hmac('other', 'order_A|pay_B') })).toBe(false);
    expect(provider.verifySignature({ ...good, razorpay_payment_id: 'pay_C' })).toBe(false);
    expect(provider.verifySignature({ ...good, razorpay_signature: 'not-hex' })).toBe(false);
  });

  it('accepts only webhooks signed over the exact raw body with the webhook secret', () => {
    const provider = createRazorpayProvider({ keyId: 'k', keySecret: 's', webhookSecret: 'wh', apiUrl: fake.url });
    const body = '{"event":"payment.captured","payload":{}}';
    expect(provider.verifyWebhook(body, hmac('wh', body))).toBe(true);
    expect(provider.verifyWebhook(body, hmac('s', body))).toBe(false);
    expect(provider.verifyWebhook(`${body} `, hmac('wh', body))).toBe(false);
    const noSecret = createRazorpayProvider({ keyId: 'k', keySecret: 's', apiUrl: fake.url });
    expect(noSecret.verifyWebhook(body, hmac('', body))).toBe(false);
  });
});

describe('sandbox provider', () => {
  it('the sandbox records its refunds, once per idempotency key', async () => {
    const sandbox = createSandboxProvider('sbx');
    const request = { idempotencyKey: 'key-0000000001', receipt: 'refund_x' };
    const first = await sandbox.refund('pay_sbx_1', asPaise(5_000), request);
    expect(await sandbox.refund('pay_sbx_1', asPaise(5_000), request)).toEqual(first);
    expect(sandbox.refunds).toEqual([
      expect.objectContaining({ id: first.id, paymentId: 'pay_sbx_1', amountPaise: 5_000 }),
    ]);
  });

  it('the sandbox verifies what it signed and nothing else', async () => {
    const sandbox = createSandboxProvider('sbx');
    const order = await sandbox.createOrder(asPaise(5_000), 'r');
    const result = { razorpay_order_id: order.id, razorpay_payment_id: 'pay_sbx_1', razorpay_signature: '' };
    result.razorpay_signature = sandbox.sign(order.id, 'pay_sbx_1');
    expect(sandbox.verifySignature(result)).toBe(true);
    expect(createSandboxProvider('other').verifySignature(result)).toBe(false);
  });
});
