import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { CheckoutPaymentDto, OrderDto, RetryPaymentResponse } from '@bagshop/shared/order-types';
import type { VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/card-payments.ts';
import { movePaymentRecord, type PaymentRow, recordProviderOrder } from '../payments/payment-records.ts';
import { refundCardPayment } from './card-refunds.ts';
import { itemsOf, lockOrder, markOrderPaid, refundItemsCancelledBeforePayment } from './order-transitions.ts';
import { awaitsCardPayment, canRetryPayment, loadOrderDto, type OrderRow } from './order-view.ts';

type PaymentDeps = Pick<AppDeps, 'db' | 'realtime' | 'payments'>;

const verificationFailed = () => new AppError('VALIDATION', ORDER_MSG.verificationFailed);

/** A provider order for the order's final amount, remembered so the verification can check it. */
export async function createCheckoutPayment(
  deps: PaymentDeps,
  order: Pick<OrderRow, 'id' | 'userId' | 'orderNumber' | 'finalPaise'>,
): Promise<CheckoutPaymentDto> {
  const provider = cardProvider(deps.payments);
  const providerOrder = await provider.createOrder(order.finalPaise, order.orderNumber);
  await recordProviderOrder(deps.db, {
    userId: order.userId,
    orderId: order.id,
    purpose: 'order',
    provider: provider.name,
    providerOrderId: providerOrder.id,
    amountPaise: providerOrder.amountPaise,
  });
  return {
    provider: provider.name,
    key: provider.keyId,
    id: providerOrder.id,
    amount: providerOrder.amountPaise,
    currency: 'INR',
  };
}

async function lockPayment(tx: Tx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).for('update');
  return row ?? null;
}

/**
 * paid: this call paid the order. already: the same payment was applied before. refund: the order no longer waits
 * for it (cancelled, expired, or paid by another payment), so this call recorded it for a refund. refunding: that
 * was recorded before.
 */
type Settled =
  | { outcome: 'paid' | 'already' }
  | { outcome: 'refund' | 'refunding'; payment: PaymentRow; message: string };

/**
 * Applies a captured payment to its order once, under the order's lock then the payment row's. A payment the order
 * no longer waits for is never kept: it is recorded as refund_pending here, and refunded through the provider after
 * the commit.
 */
async function applyCapturedPayment(
  tx: Tx,
  order: OrderRow,
  row: PaymentRow,
  providerPaymentId: string,
): Promise<Settled> {
  const message = order.paymentStatus === 'Paid' ? ORDER_MSG.secondPaymentRefunded : ORDER_MSG.latePaymentRefunded;
  if (row.status === 'paid') return { outcome: 'already' };
  if (row.status === 'refund_pending' || row.status === 'refunded') {
    return { outcome: 'refunding', payment: row, message };
  }
  const now = new Date();
  const items = await itemsOf(tx, order.id);
  if (awaitsCardPayment(order, items)) {
    const paid = await movePaymentRecord(
      tx,
      row.id,
      { from: row.status, to: 'paid' },
      { providerPaymentId, settledAt: now },
    );
    if (!paid) throw verificationFailed();
    await markOrderPaid(tx, order.id);
    await refundItemsCancelledBeforePayment(tx, order, items);
    return { outcome: 'paid' };
  }
  const toRefund = await movePaymentRecord(
    tx,
    row.id,
    { from: row.status, to: 'refund_pending' },
    // The attempt time keeps the scheduled retry away while this request asks the provider itself.
    { providerPaymentId, settledAt: now, refundAttemptAt: now },
  );
  if (!toRefund) throw verificationFailed();
  return { outcome: 'refund', payment: toRefund, message };
}

/** Asks the provider for the refund now; when that fails the scheduled job asks again. Whether it is refunded. */
async function refundNow(deps: PaymentDeps, payment: PaymentRow): Promise<boolean> {
  try {
    return await refundCardPayment(deps, payment);
  } catch {
    return false;
  }
}

/** The payment row must be this order's, this user's, for this amount. */
function belongs(row: PaymentRow | null, order: OrderRow, userId: string): row is PaymentRow {
  return (
    row !== null &&
    row.purpose === 'order' &&
    row.orderId === order.id &&
    row.userId === userId &&
    order.userId === userId &&
    row.amountPaise === order.finalPaise
  );
}

/**
 * verify-payment and verify-retry-payment: the signature AND the provider order's owner, order and amount are
 * checked; a replay answers success without a second transition. A payment for an order that was cancelled or
 * expired (or already paid) is refunded and answered with a 409 that says so.
 */
export async function verifyOrderPayment(
  deps: PaymentDeps,
  userId: string,
  input: VerifyPaymentInput,
): Promise<OrderDto> {
  if (!deps.payments?.verifySignature(input)) throw verificationFailed();
  const settled = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || order.userId !== userId) throw verificationFailed();
    const row = await lockPayment(tx, input.razorpay_order_id);
    if (!belongs(row, order, userId)) throw verificationFailed();
    const settledBefore = row.status !== 'created' && row.status !== 'failed';
    if (settledBefore && row.providerPaymentId !== input.razorpay_payment_id) throw verificationFailed();
    return applyCapturedPayment(tx, order, row, input.razorpay_payment_id);
  });
  if (settled.outcome === 'paid') deps.realtime.orderPaid(input.orderId);
  if (settled.outcome === 'refund') await refundNow(deps, settled.payment);
  if (settled.outcome === 'refund' || settled.outcome === 'refunding') throw new AppError('CONFLICT', settled.message);
  const dto = await loadOrderDto(deps.db, input.orderId);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return dto;
}

export type WebhookEvent = 'payment.captured' | 'payment.failed';
export type OrderWebhookOutcome = 'paid' | 'already' | 'failed' | 'ignored' | 'refunded' | 'refund-pending';

/**
 * The provider's webhook reaches the same idempotent settlement as the browser's verification, so a closed browser
 * loses nothing. Wallet top-ups and unknown provider orders are left alone.
 */
export async function settleFromWebhook(
  deps: PaymentDeps,
  input: { providerOrderId: string; providerPaymentId: string; event: WebhookEvent | string },
): Promise<OrderWebhookOutcome> {
  if (input.event !== 'payment.captured' && input.event !== 'payment.failed') return 'ignored';
  const [known] = await deps.db.select().from(payments).where(eq(payments.providerOrderId, input.providerOrderId));
  if (known?.purpose !== 'order' || !known.orderId) return 'ignored';
  const orderId = known.orderId;
  const settled = await deps.db.transaction(async (tx): Promise<Settled | { outcome: 'failed' | 'ignored' }> => {
    const order = await lockOrder(tx, orderId);
    const row = await lockPayment(tx, input.providerOrderId);
    if (!order || !row || !belongs(row, order, row.userId)) return { outcome: 'ignored' };
    if (input.event === 'payment.failed') {
      if (row.status !== 'created') return { outcome: 'already' };
      await movePaymentRecord(
        tx,
        row.id,
        { from: 'created', to: 'failed' },
        { providerPaymentId: input.providerPaymentId, settledAt: new Date() },
      );
      return { outcome: 'failed' };
    }
    return applyCapturedPayment(tx, order, row, input.providerPaymentId);
  });
  switch (settled.outcome) {
    case 'paid':
      deps.realtime.orderPaid(orderId);
      return 'paid';
    case 'refund':
      return (await refundNow(deps, settled.payment)) ? 'refunded' : 'refund-pending';
    case 'refunding':
      return 'already';
    default:
      return settled.outcome;
  }
}

/** A new provider order for a pending, unexpired card order of the caller, for the same final amount. */
export async function retryOrderPayment(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<RetryPaymentResponse> {
  const order = await deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!row || row.userId !== userId) throw notFound(ORDER_MSG.orderNotFound);
    if (!canRetryPayment(row, await itemsOf(tx, row.id))) throw new AppError('CONFLICT', ORDER_MSG.retryNotAllowed);
    return row;
  });
  const payment = await createCheckoutPayment(deps, order);
  return {
    status: 'success',
    order: {
      key: payment.key,
      amount: payment.amount,
      id: payment.id,
      currency: payment.currency,
      orderId: order.id,
      provider: payment.provider,
    },
  };
}
