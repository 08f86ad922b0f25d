import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { CheckoutPaymentDto, OrderDto, RetryPaymentResponse } from '@bagshop/shared/order-types';
import type { VerifyPaymentInput } from '@bagshop/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/card-payments.ts';
import { type PaymentRow, recordProviderOrder, settlePayment } from '../payments/payment-records.ts';
import { credit } from '../wallet/ledger.ts';
import { itemsOf, lockOrder, markOrderPaid } from './order-transitions.ts';
import { canRetryPayment, loadOrderDto, type OrderRow } from './order-view.ts';

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

type Settled = 'paid' | 'already' | 'returned-to-wallet';

/**
 * Applies a captured payment to its order once. Locks the order first (as every order change does), then the
 * payment row. A payment that arrives after the order expired goes to the customer's wallet instead.
 */
async function applyCapturedPayment(
  tx: Tx,
  order: OrderRow,
  row: PaymentRow,
  providerPaymentId: string,
): Promise<Settled> {
  const settled = await settlePayment(tx, {
    providerOrderId: row.providerOrderId,
    providerPaymentId,
    status: 'paid',
  });
  if (!settled) {
    if (row.status === 'paid') return 'already';
    throw verificationFailed();
  }
  if (await markOrderPaid(tx, order.id)) return 'paid';
  if (order.paymentStatus === 'Pending' && order.expiredAt) {
    await credit(tx, {
      userId: order.userId,
      amountPaise: row.amountPaise,
      type: 'Credit',
      description: `Payment for expired order ${order.orderNumber} returned to wallet`,
      orderId: order.id,
      paymentId: row.id,
    });
    return 'returned-to-wallet';
  }
  return 'already';
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
 * checked; a replay answers success without a second transition.
 */
export async function verifyOrderPayment(
  deps: PaymentDeps,
  userId: string,
  input: VerifyPaymentInput,
): Promise<OrderDto> {
  if (!deps.payments?.verifySignature(input)) throw verificationFailed();
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || order.userId !== userId) throw verificationFailed();
    const row = await lockPayment(tx, input.razorpay_order_id);
    if (!belongs(row, order, userId)) throw verificationFailed();
    if (row.status === 'paid' && row.providerPaymentId !== input.razorpay_payment_id) throw verificationFailed();
    return applyCapturedPayment(tx, order, row, input.razorpay_payment_id);
  });
  if (outcome === 'paid') deps.realtime.orderPaid(input.orderId);
  const dto = await loadOrderDto(deps.db, input.orderId);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return dto;
}

export type WebhookEvent = 'payment.captured' | 'payment.failed';

/**
 * The provider's webhook reaches the same idempotent settlement as the browser's verification, so a closed browser
 * loses nothing. Wallet top-ups and unknown provider orders are left alone.
 */
export async function settleFromWebhook(
  deps: PaymentDeps,
  input: { providerOrderId: string; providerPaymentId: string; event: WebhookEvent | string },
): Promise<'paid' | 'already' | 'failed' | 'ignored' | 'returned-to-wallet'> {
  if (input.event !== 'payment.captured' && input.event !== 'payment.failed') return 'ignored';
  const [known] = await deps.db.select().from(payments).where(eq(payments.providerOrderId, input.providerOrderId));
  if (known?.purpose !== 'order' || !known.orderId) return 'ignored';
  const orderId = known.orderId;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const row = await lockPayment(tx, input.providerOrderId);
    if (!order || !row || !belongs(row, order, row.userId)) return 'ignored' as const;
    if (input.event === 'payment.failed') {
      const failed = await settlePayment(tx, {
        providerOrderId: row.providerOrderId,
        providerPaymentId: input.providerPaymentId,
        status: 'failed',
      });
      return failed ? ('failed' as const) : ('already' as const);
    }
    if (row.status === 'failed') {
      // A capture after a reported failure: the money did arrive.
      await tx.update(payments).set({ status: 'created', providerPaymentId: null }).where(eq(payments.id, row.id));
      return applyCapturedPayment(tx, order, { ...row, status: 'created' }, input.providerPaymentId);
    }
    return applyCapturedPayment(tx, order, row, input.providerPaymentId);
  });
  if (outcome === 'paid') deps.realtime.orderPaid(orderId);
  return outcome;
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
