import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto, PlaceOrderResponse } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import {
  createShopper,
  placeOrderOf,
  putInCart,
  recordingRealtime,
  type Shopper,
  walletOf,
} from '../orders/order-fixtures.ts';
import { settleFromWebhook, verifyOrderPayment } from './order-payments.ts';

describe('order payments', () => {
  const provider = createSandboxProvider('order-payments-test');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: provider });
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object) => t.request({ method: 'POST', url, token, payload });
  const signed = (orderId: string, providerOrderId: string, paymentId = `pay_${providerOrderId.slice(-6)}`) => ({
    orderId,
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: provider.sign(providerOrderId, paymentId),
  });
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  async function cardOrder(s?: Shopper) {
    const shopper = s ?? (await createShopper(t));
    const placed = await placeOrderOf(t, shopper, 'razorpay');
    if (!placed.payment) throw new Error('no payment');
    return { shopper, order: placed.order, payment: placed.payment };
  }

  it('a valid signature for this order pays it; a replay is a no-op with one Paid transition', async () => {
    const { shopper, order, payment } = await cardOrder();
    const body = signed(order._id, payment.id);
    const res = await post('/api/user/verify-payment', shopper.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', order: { _id: order._id, paymentStatus: 'Paid' } });
    const paidAt = (await orderRow(order._id)).paidAt;
    expect(paidAt).not.toBeNull();

    const replay = await post('/api/user/verify-payment', shopper.token, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().status).toBe('success');
    expect((await orderRow(order._id)).paidAt).toEqual(paidAt);

    const realtime = recordingRealtime();
    await verifyOrderPayment(
      { db: t.database.db, realtime, payments: provider, metrics: t.app.metrics },
      shopper.id,
      body,
    );
    expect((await orderRow(order._id)).paymentStatus).toBe('Paid');
    expect(realtime.paid).toEqual([]);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows).toEqual([expect.objectContaining({ status: 'paid', providerPaymentId: body.razorpay_payment_id })]);
  });

  it('emits orderPaid once when paid', async () => {
    const { shopper, order, payment } = await cardOrder();
    const realtime = recordingRealtime();
    const deps = { db: t.database.db, realtime, payments: provider, metrics: t.app.metrics };
    const body = signed(order._id, payment.id);
    await Promise.all([1, 2, 3, 4].map(() => verifyOrderPayment(deps, shopper.id, body)));
    expect(realtime.paid).toEqual([order._id]);
  });

  it('refuses a forged signature', async () => {
    const { shopper, order, payment } = await cardOrder();
    const res = await post('/api/user/verify-payment', shopper.token, {
      ...signed(order._id, payment.id),
      razorpay_signature: 'ab'.repeat(32),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Payment Failed – Verification failed.');
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');
  });

  it('refuses the provider order of another order, of another shopper, or of another amount', async () => {
    const s = await createShopper(t);
    const a = await cardOrder(s);
    const b = await cardOrder(s);
    const otherOrder = await post('/api/user/verify-payment', s.token, signed(a.order._id, b.payment.id));
    expect(otherOrder.statusCode).toBe(400);

    const stranger = await createShopper(t);
    const theirs = await post('/api/user/verify-payment', stranger.token, signed(a.order._id, a.payment.id));
    expect(theirs.statusCode).toBe(400);

    await t.database.db
      .update(payments)
      .set({ amountPaise: asPaise(100) })
      .where(eq(payments.providerOrderId, a.payment.id));
    const cheaper = await post('/api/user/verify-payment', s.token, signed(a.order._id, a.payment.id));
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe('Payment Failed – Verification failed.');

    expect((await orderRow(a.order._id)).paymentStatus).toBe('Pending');
    expect((await orderRow(b.order._id)).paymentStatus).toBe('Pending');
  });

  it('refuses a second payment id for an already settled provider order', async () => {
    const { shopper, order, payment } = await cardOrder();
    expect(
      (await post('/api/user/verify-payment', shopper.token, signed(order._id, payment.id, 'pay_one'))).statusCode,
    ).toBe(200);
    const second = await post('/api/user/verify-payment', shopper.token, signed(order._id, payment.id, 'pay_two'));
    expect(second.statusCode).toBe(400);
  });

  it('retry gives a new provider order for the same amount, and its verification pays the order', async () => {
    const { shopper, order, payment } = await cardOrder();
    const stranger = await createShopper(t);
    expect((await post('/api/user/retry-payment', stranger.token, { orderId: order._id })).statusCode).toBe(404);

    const retry = await post('/api/user/retry-payment', shopper.token, { orderId: order._id });
    expect(retry.statusCode).toBe(200);
    const fresh = retry.json().order;
    expect(fresh).toMatchObject({ key: 'rzp_sandbox', amount: payment.amount, currency: 'INR', orderId: order._id });
    expect(fresh.id).not.toBe(payment.id);

    const res = await post('/api/user/verify-retry-payment', shopper.token, signed(order._id, fresh.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    expect((await orderRow(order._id)).paymentStatus).toBe('Paid');

    const paidRetry = await post('/api/user/retry-payment', shopper.token, { orderId: order._id });
    expect(paidRetry.statusCode).toBe(409);
  });

  it('no retry for a wallet or COD order', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'cod');
    expect((await post('/api/user/retry-payment', s.token, { orderId: order._id })).statusCode).toBe(409);
  });

  it('the webhook settles the same way, once; failures leave the order pending', async () => {
    const { order, payment } = await cardOrder();
    const realtime = recordingRealtime();
    const deps = { db: t.database.db, realtime, payments: provider, metrics: t.app.metrics };
    const failed = await settleFromWebhook(deps, {
      providerOrderId: payment.id,
      providerPaymentId: 'pay_f',
      event: 'payment.failed',
    });
    expect(failed).toBe('failed');
    expect((await orderRow(order._id)).paymentStatus).toBe('Pending');

    const captured = { providerOrderId: payment.id, providerPaymentId: 'pay_c', event: 'payment.captured' };
    expect(await settleFromWebhook(deps, captured)).toBe('paid');
    expect(await settleFromWebhook(deps, captured)).toBe('already');
    expect(realtime.paid).toEqual([order._id]);
    expect((await orderRow(order._id)).paymentStatus).toBe('Paid');
    expect(await settleFromWebhook(deps, { ...captured, providerOrderId: 'order_unknown' })).toBe('ignored');
    expect(await settleFromWebhook(deps, { ...captured, event: 'refund.created' })).toBe('ignored');
  });

  it('an item cancelled before the payment arrived is refunded to the wallet once the payment is taken', async () => {
    const s = await createShopper(t);
    const kept = await createProduct(t, { pricePaise: 150_000 });
    const dropped = await createProduct(t, { pricePaise: 50_000 });
    await putInCart(t, s.id, [
      { productId: kept.id, qty: 1 },
      { productId: dropped.id, qty: 1 },
    ]);
    const placed = await post('/api/orders', s.token, { addressId: s.addressId, paymentMethod: 'razorpay' });
    const { order, payment } = placed.json() as PlaceOrderResponse;
    const droppedItem = order.items.find((i) => i.product._id === dropped.id);
    const cancel = await t.request({
      method: 'PUT',
      url: '/api/orders/cancel',
      token: s.token,
      payload: { orderId: order._id, item: droppedItem?._id, cancelReason: 'Only need the one' },
    });
    expect(cancel.json().order.items.find((i: { _id: string }) => i._id === droppedItem?._id).refunded).toBe(0);
    expect((await walletOf(t, s.id)).balance).toBe(0);

    const paid = await post('/api/user/verify-payment', s.token, signed(order._id, payment?.id ?? ''));
    expect(paid.statusCode).toBe(200);
    // ₹500 line, no coupon, its 5 % tax share ₹25; the shipping stays with the bag that is kept.
    const refunded = (paid.json().order as OrderDto).items.find((i) => i._id === droppedItem?._id);
    expect(refunded?.refunded).toBe(525);
    const wallet = await walletOf(t, s.id);
    expect(wallet.balance).toBe(52_500);
    expect(wallet.ledgerSum).toBe(wallet.balance);
    expect(wallet.rows).toEqual([expect.objectContaining({ type: 'Order Cancelled', orderItemId: droppedItem?._id })]);
    const replay = await post('/api/user/verify-payment', s.token, signed(order._id, payment?.id ?? ''));
    expect(replay.statusCode).toBe(200);
    expect((await walletOf(t, s.id)).balance).toBe(52_500);
  });

  describe('a payment that arrives for an order that no longer waits for it', () => {
    const refundsOf = (paymentId: string) => provider.refunds.filter((r) => r.paymentId === paymentId);
    const paymentRows = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const expireNow = (orderId: string) =>
      t.database.db.update(orders).set({ expiredAt: new Date() }).where(eq(orders.id, orderId));

    it('expired: verify answers 409, the payment goes back through the provider once, the order reads Refunded', async () => {
      const { shopper, order, payment } = await cardOrder();
      await expireNow(order._id);
      const body = signed(order._id, payment.id);
      const res = await post('/api/user/verify-payment', shopper.token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ORDER_MSG.latePaymentRefunded, code: 'CONFLICT' });
      expect(refundsOf(body.razorpay_payment_id)).toEqual([
        expect.objectContaining({ amountPaise: payment.amount, idempotencyKey: expect.any(String) }),
      ]);
      const [row] = await paymentRows(order._id);
      expect(row).toMatchObject({
        status: 'refunded',
        providerPaymentId: body.razorpay_payment_id,
        refundId: refundsOf(body.razorpay_payment_id)[0].id,
        refundedAt: expect.any(Date),
      });
      expect((await orderRow(order._id)).paymentStatus).toBe('Refunded');
      const read = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: shopper.token });
      expect(read.json().order).toMatchObject({
        paymentStatus: 'Refunded',
        cardRefund: { amount: payment.amount / 100, pending: false },
      });
      // Nothing is kept, nothing goes to the wallet, and neither the replay nor the retry refunds again.
      expect((await walletOf(t, shopper.id)).balance).toBe(0);
      const replay = await post('/api/user/verify-retry-payment', shopper.token, body);
      expect(replay.statusCode).toBe(409);
      expect(replay.json().message).toBe(ORDER_MSG.latePaymentRefunded);
      expect(refundsOf(body.razorpay_payment_id)).toHaveLength(1);
    });

    it('cancelled by the shopper: the webhook refunds it, and a replayed webhook changes nothing', async () => {
      const { shopper, order, payment } = await cardOrder();
      const cancel = await t.request({
        method: 'PUT',
        url: '/api/orders/cancel',
        token: shopper.token,
        payload: { orderId: order._id, item: order.items[0]._id, cancelReason: 'Ordered the wrong colour' },
      });
      expect(cancel.statusCode).toBe(200);
      const deps = { db: t.database.db, realtime: recordingRealtime(), payments: provider, metrics: t.app.metrics };
      const captured = {
        providerOrderId: payment.id,
        providerPaymentId: 'pay_after_cancel',
        event: 'payment.captured',
      };
      expect(await settleFromWebhook(deps, captured)).toBe('refunded');
      expect(await settleFromWebhook(deps, captured)).toBe('already');
      expect(refundsOf('pay_after_cancel')).toEqual([expect.objectContaining({ amountPaise: payment.amount })]);
      expect(await paymentRows(order._id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
      expect((await orderRow(order._id)).paymentStatus).toBe('Refunded');
      expect(deps.realtime.paid).toEqual([]);
    });

    it('after a reported failure: a late capture is refunded too', async () => {
      const { order, payment } = await cardOrder();
      const deps = { db: t.database.db, realtime: recordingRealtime(), payments: provider, metrics: t.app.metrics };
      const event = { providerOrderId: payment.id, providerPaymentId: 'pay_failed_then_late' };
      expect(await settleFromWebhook(deps, { ...event, event: 'payment.failed' })).toBe('failed');
      await expireNow(order._id);
      expect(await settleFromWebhook(deps, { ...event, event: 'payment.captured' })).toBe('refunded');
      expect(refundsOf('pay_failed_then_late')).toHaveLength(1);
      expect((await orderRow(order._id)).paymentStatus).toBe('Refunded');
    });

    it('already paid by another payment: the second one is refunded and the order stays Paid', async () => {
      const { shopper, order, payment } = await cardOrder();
      const retry = await post('/api/user/retry-payment', shopper.token, { orderId: order._id });
      const second = retry.json().order.id as string;
      expect((await post('/api/user/verify-payment', shopper.token, signed(order._id, payment.id))).statusCode).toBe(
        200,
      );
      const late = await post('/api/user/verify-retry-payment', shopper.token, signed(order._id, second, 'pay_twice'));
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(ORDER_MSG.secondPaymentRefunded);
      expect(refundsOf('pay_twice')).toEqual([expect.objectContaining({ amountPaise: payment.amount })]);
      const read = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: shopper.token });
      expect(read.json().order).toMatchObject({
        paymentStatus: 'Paid',
        cardRefund: { amount: payment.amount / 100, pending: false },
      });
    });
  });
});
