import { asPaise } from '@bagshop/shared/pricing/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { payments, walletTransactions } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { walletOf } from './service.ts';
import { checkedBalance } from './wallet-test-helpers.ts';

const provider = createSandboxProvider('sandbox-secret-for-wallet-tests');

let t: TestApp;
let shopper: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { payments: provider });
  shopper = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

async function createOrder(user: TestUser, amount: unknown) {
  return t.request({ method: 'POST', url: '/api/wallet/create-order', token: user.token, payload: { amount } });
}

async function topUpOrder(user: TestUser, amount: number): Promise<{ id: string; amount: number }> {
  const res = await createOrder(user, amount);
  expect(res.statusCode).toBe(200);
  return res.json();
}

function update(user: TestUser, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/wallet/update', token: user.token, payload });
}

const signedResult = (orderId: string, paymentId: string) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: provider.sign(orderId, paymentId),
});

const rechargeRows = (userId: string) =>
  t.database.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, 'Wallet Recharge')));

describe('POST /api/wallet/create-order', () => {
  it('creates a provider order in paise recorded as the caller’s wallet top-up', async () => {
    const order = await topUpOrder(shopper, 499.5);
    expect(order).toEqual({
      id: expect.stringMatching(/^order_sbx_/),
      amount: 49_950,
      currency: 'INR',
      key: 'rzp_sandbox',
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, order.id));
    expect(row).toMatchObject({
      userId: shopper.id,
      purpose: 'wallet',
      amountPaise: asPaise(49_950),
      status: 'created',
    });
  });

  it('refuses amounts below ₹1, non-numbers and strangers', async () => {
    for (const amount of [0, 0.5, -1, '100', 10.001]) {
      const res = await createOrder(shopper, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toBe('Please enter a valid amount.');
    }
    const res = await t.request({ method: 'POST', url: '/api/wallet/create-order', payload: { amount: 10 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/wallet/update', () => {
  it('credits the recorded amount once as Wallet Recharge, whatever the body claims, and a replay adds nothing', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 300);
    const result = signedResult(order.id, 'pay_wallet_once');
    const res = await update(user, { ...result, amount: 99_999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', balance: 300 });
    expect(await checkedBalance(t, user.id)).toBe(30_000);

    const replay = await update(user, result);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'success', balance: 300 });
    expect(await checkedBalance(t, user.id)).toBe(30_000);
    const rows = await rechargeRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: asPaise(30_000), description: 'Wallet Recharge' });

    const wallet = await t.request({ method: 'GET', url: '/api/wallet/wallet', token: user.token });
    expect(wallet.json()).toMatchObject({
      balance: 300,
      transactions: [{ type: 'Credit', transactionType: 'Wallet Recharge', amount: 300 }],
    });
  });

  it('a forged signature credits nothing and leaves the order payable', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 200);
    const forged = { ...signedResult(order.id, 'pay_forged'), razorpay_signature: 'f'.repeat(64) };
    const res = await update(user, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Error – Failed to update wallet balance.');
    expect(await checkedBalance(t, user.id)).toBe(0);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, order.id));
    expect(row.status).toBe('created');

    // A signature made for another payment id does not fit either.
    const swapped = { ...signedResult(order.id, 'pay_a'), razorpay_payment_id: 'pay_b' };
    expect((await update(user, swapped)).statusCode).toBe(400);
    expect(await checkedBalance(t, user.id)).toBe(0);
  });

  it('another user’s provider order is refused for the caller and credits no one', async () => {
    const order = await topUpOrder(other, 150);
    const res = await update(shopper, signedResult(order.id, 'pay_not_yours'));
    expect(res.statusCode).toBe(400);
    expect(await checkedBalance(t, shopper.id)).toBe(0);
    expect(await checkedBalance(t, other.id)).toBe(0);
    // The owner can still complete it, once.
    expect((await update(other, signedResult(order.id, 'pay_owner'))).json()).toEqual({
      status: 'success',
      balance: 150,
    });
    expect(await checkedBalance(t, other.id)).toBe(15_000);
  });

  it('a second payment id for a paid top-up, unknown orders and order payments are refused', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 100);
    expect((await update(user, signedResult(order.id, 'pay_first'))).statusCode).toBe(200);
    expect((await update(user, signedResult(order.id, 'pay_second'))).statusCode).toBe(400);
    expect((await update(user, signedResult('order_sbx_unknown', 'pay_x'))).statusCode).toBe(400);

    await t.database.db.insert(payments).values({
      userId: user.id,
      purpose: 'order',
      provider: 'sandbox',
      providerOrderId: 'order_sbx_for_an_order',
      amountPaise: asPaise(5_000),
    });
    expect((await update(user, signedResult('order_sbx_for_an_order', 'pay_order'))).statusCode).toBe(400);
    expect(await checkedBalance(t, user.id)).toBe(10_000);
  });

  it('parallel verifications of one payment credit it once', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 250);
    const result = signedResult(order.id, 'pay_parallel');
    const answers = await Promise.all(Array.from({ length: 8 }, () => update(user, result)));
    for (const a of answers) expect(a.json()).toEqual({ status: 'success', balance: 250 });
    expect(await rechargeRows(user.id)).toHaveLength(1);
    expect(await checkedBalance(t, user.id)).toBe(25_000);
  });

  it('refuses a body without the signed fields and strangers', async () => {
    const res = await update(shopper, { razorpay_order_id: 'order_x' });
    expect(res.statusCode).toBe(400);
    const anonymous = await t.request({ method: 'POST', url: '/api/wallet/update', payload: signedResult('o', 'p') });
    expect(anonymous.statusCode).toBe(401);
    expect(await checkedBalance(t, shopper.id)).toBe(0);
  });
});

describe('GET /api/wallet/wallet', () => {
  it('answers every field of the balance and its latest movements', async () => {
    const user = await createUser(t);
    const order = await topUpOrder(user, 250.5);
    expect((await update(user, signedResult(order.id, 'pay_wallet_view'))).statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/wallet/wallet', token: user.token });
    expect(res.json().transactions).toHaveLength(1);
    expect(res.json()).toEqual(await walletOf(t.database.db, user.id));
  });
});
