import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { CheckoutPaymentDto, RetryPaymentResponse } from '@bagshop/shared/order-types';
import { itemRefund } from '@bagshop/shared/pricing/refunds';
import type { VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { itemsOf, lockOrder, type OrderItemRow, type OrderRow } from '../../db/order-rows.ts';
import { orderItems } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardPaymentsOff, cardProvider } from '../../platform/payments/card-payments.ts';
import { addPaidOrderToSales } from '../insight/service.ts';
import { issueInvoice } from '../invoicing/service.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { credit } from '../wallet/service.ts';
import { refundCardPayment } from './card-refunds.ts';
import {
  capturePayment,
  findPaymentByProviderOrder,
  lockPayment,
  recordFailedPayment,
  recordProviderOrder,
} from './payment-records.ts';
import { moveOrderPaymentStatus, movePaymentRecord, type PaymentRow } from './payment-transitions.ts';

type PaymentDeps = Pick<AppDeps, 'db' | 'realtime' | 'payments' | 'metrics'>;

const verificationFailed = () => new AppError('VALIDATION', ORDER_MSG.verificationFailed);

/** When an unpaid card order releases its stock; null for any other order. */
export function expiresAtOf(order: OrderRow): Date | null {
  if (order.paymentMethod !== 'razorpay' || order.paymentStatus !== 'Pending' || order.expiredAt) return null;
  return order.paymentDueAt;
}

/**
 * A card order still waiting for its payment: Pending, not expired, not every item cancelled. A payment that arrives
 * for any other order is refunded. One past its payment window that the scheduled job has not cancelled yet still
 * holds its stock, so its payment is taken.
 */
export function awaitsCardPayment(order: OrderRow, items: readonly Pick<OrderItemRow, 'status'>[]): boolean {
  return (
    order.paymentMethod === 'razorpay' &&
    order.paymentStatus === 'Pending' &&
    !order.expiredAt &&
    items.some((i) => i.status !== 'Cancelled')
  );
}

export function canRetryPayment(
  order: OrderRow,
  items: readonly Pick<OrderItemRow, 'status'>[],
  now: Date = new Date(),
): boolean {
  const expiresAt = expiresAtOf(order);
  return awaitsCardPayment(order, items) && expiresAt !== null && expiresAt > now;
}

/**
 * Pending → Paid, once: a replayed verification or webhook finds it paid and changes nothing. The caller holds the
 * order's lock and has checked that the order still waits for this payment (a card capture, a wallet debit, cash
 * collected at the door). Returns whether this call paid it; the caller emits realtime.orderPaid after commit.
 */
export async function markOrderPaid(tx: Tx, orderId: string, paidAt: Date = new Date()): Promise<boolean> {
  return moveOrderPaymentStatus(tx, orderId, { from: 'Pending', to: 'Paid' }, { paidAt });
}

/** The answer to a card payment while the shop takes none, with the fields it concerns: a 409 that changes nothing. */
export function requireCardPayments(deps: Pick<AppDeps, 'payments'>, fields?: Record<string, string>): void {
  if (!deps.payments) throw cardPaymentsOff(fields);
}

/** The public key the browser's checkout needs, or the refusal when card payments are off. */
export function cardPaymentKey(deps: Pick<AppDeps, 'payments'>): string {
  return cardProvider(deps.payments).keyId;
}

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

/**
 * Items the shopper cancelled while a card order waited for payment were not refunded then (nothing was paid). The
 * payment covers the whole order, so once it is taken their share goes to the wallet, as for a cancel after paying.
 * Runs in the payment's transaction, under the order's lock.
 */
async function refundItemsCancelledBeforePayment(tx: Tx, order: OrderRow, items: readonly OrderItemRow[]) {
  const unrefunded = (item: OrderItemRow) => item.status === 'Cancelled' && item.refundedPaise === 0;
  // Refunded as if each were cancelled now, one after the other: the items kept pay for what they still earn.
  let current = items.map((item) => (unrefunded(item) ? { ...item, status: 'Pending' as const } : item));
  for (const item of items.filter(unrefunded)) {
    const { amountPaise, ...figures } = itemRefund(order, current, item.id);
    current = current.map((i) =>
      i.id === item.id ? { ...i, status: 'Cancelled' as const, refundedPaise: amountPaise, refundFigures: figures } : i,
    );
    await tx
      .update(orderItems)
      .set({ refundedPaise: amountPaise, refundFigures: figures })
      .where(eq(orderItems.id, item.id));
    if (amountPaise <= 0) continue;
    await credit(tx, {
      userId: order.userId,
      amountPaise,
      type: 'Order Cancelled',
      description: `Order Cancelled: ${item.name} × ${item.qty} (${order.orderNumber})`,
      orderId: order.id,
      orderItemId: item.id,
    });
  }
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
    if (!(await capturePayment(tx, row, providerPaymentId, now))) throw verificationFailed();
    await markOrderPaid(tx, order.id, now);
    await enqueueMail(tx, `order-placed:${order.id}`, { userId: order.userId }, 'order-placed', { orderId: order.id });
    await refundItemsCancelledBeforePayment(tx, order, items);
    await issueInvoice(tx, order.id, now);
    await addPaidOrderToSales(tx, order.id);
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
 * checked; a replay succeeds without a second transition. A payment for an order that was cancelled or expired (or
 * already paid) is refunded and answered with a 409 that says so.
 */
export async function verifyOrderPayment(deps: PaymentDeps, userId: string, input: VerifyPaymentInput): Promise<void> {
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
  if (settled.outcome === 'paid') {
    deps.realtime.orderPaid(input.orderId);
    deps.metrics.payment('captured');
  }
  if (settled.outcome === 'refund') await refundNow(deps, settled.payment);
  if (settled.outcome === 'refund' || settled.outcome === 'refunding') throw new AppError('CONFLICT', settled.message);
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
  const known = await findPaymentByProviderOrder(deps.db, input.providerOrderId);
  if (known?.purpose !== 'order' || !known.orderId) return 'ignored';
  const orderId = known.orderId;
  const settled = await deps.db.transaction(async (tx): Promise<Settled | { outcome: 'failed' | 'ignored' }> => {
    const order = await lockOrder(tx, orderId);
    const row = await lockPayment(tx, input.providerOrderId);
    if (!order || !row || !belongs(row, order, row.userId)) return { outcome: 'ignored' };
    if (input.event === 'payment.failed') {
      return { outcome: (await recordFailedPayment(tx, row, input.providerPaymentId)) ? 'failed' : 'already' };
    }
    return applyCapturedPayment(tx, order, row, input.providerPaymentId);
  });
  switch (settled.outcome) {
    case 'paid':
      deps.realtime.orderPaid(orderId);
      deps.metrics.payment('captured');
      return 'paid';
    case 'refund':
      return (await refundNow(deps, settled.payment)) ? 'refunded' : 'refund-pending';
    case 'refunding':
      return 'already';
    case 'failed':
      deps.metrics.payment('failed');
      return 'failed';
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
