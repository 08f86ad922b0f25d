import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockOrder } from '../../db/order-rows.ts';
import { payments } from '../../db/schema/orders.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { cardProvider } from '../../platform/payments/card-payments.ts';
import type { ProviderRefund, RefundOptions } from '../../platform/payments/provider.ts';
import { moveOrderPaymentStatus, movePaymentRecord, type PaymentRow } from './payment-transitions.ts';

type RefundDeps = Pick<AppDeps, 'db' | 'payments' | 'metrics'>;

/** A refund whose provider call failed (or whose process died) is asked for again after this long. */
export const REFUND_RETRY_AFTER_MS = 60 * 1000;

/**
 * What the provider is asked, the same on every attempt: the payment row's id as the idempotency key, and a receipt
 * of 'refund_' and that id without its dashes (Razorpay receipts are at most 40 characters).
 */
export function refundRequestOf(row: Pick<PaymentRow, 'id'>): RefundOptions {
  return {
    idempotencyKey: row.id,
    receipt: `refund_${row.id.replaceAll('-', '')}`,
    notes: { reason: 'Payment arrived for an order that was cancelled, expired or already paid' },
  };
}

/**
 * Counts a refused refund on its payment row, in one statement so refusals seen by several processes all count: a
 * refund the provider keeps refusing is a problem for the owner (docs/decisions/046-attention.md).
 */
async function recordRefundRefusal(db: Db, paymentId: string, error: unknown): Promise<void> {
  await db
    .update(payments)
    .set({
      refundRefusals: sql`${payments.refundRefusals} + 1`,
      refundFirstRefusedAt: sql`coalesce(${payments.refundFirstRefusedAt}, now())`,
      refundLastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_pending')));
}

/**
 * Hands a captured payment recorded as refund_pending back through the provider, then marks it refunded and, when
 * the order was still waiting with Pending, moves its payment status to Refunded. No transaction is open during the
 * provider call; the payment row's id is the provider's idempotency key, so asking again (after a lost answer, or
 * from two processes) never refunds twice. Throws when the provider did not take the refund; the row stays
 * refund_pending for the scheduled retry. Returns whether this call marked it refunded.
 */
export async function refundCardPayment(deps: RefundDeps, row: PaymentRow): Promise<boolean> {
  if (row.status !== 'refund_pending' || !row.providerPaymentId) return false;
  const provider = cardProvider(deps.payments);
  let refund: ProviderRefund;
  try {
    refund = await provider.refund(row.providerPaymentId, row.amountPaise, refundRequestOf(row));
  } catch (error) {
    // The provider's answer is what the caller must hear; a refusal not counted now is counted at the next one.
    await recordRefundRefusal(deps.db, row.id, error).catch(() => {});
    throw error;
  }
  const refunded = await deps.db.transaction(async (tx) => {
    const order = row.orderId ? await lockOrder(tx, row.orderId) : null;
    const moved = await movePaymentRecord(
      tx,
      row.id,
      { from: 'refund_pending', to: 'refunded' },
      { refundId: refund.id, refundedAt: new Date() },
    );
    if (!moved) return false;
    if (order?.paymentStatus === 'Pending') {
      await moveOrderPaymentStatus(tx, order.id, { from: 'Pending', to: 'Refunded' });
    }
    return true;
  });
  if (refunded) deps.metrics.payment('refunded');
  return refunded;
}

/**
 * The scheduled retry of refunds whose provider call failed: each row is first claimed with a conditional update of
 * its attempt time, so two processes never ask for the same refund at once. Errors of one refund are reported and
 * the others still run. Returns the number refunded.
 */
export async function retryPendingRefunds(
  deps: RefundDeps,
  now: Date = new Date(),
  onError: (error: unknown) => void = () => {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - REFUND_RETRY_AFTER_MS);
  const due = and(
    eq(payments.status, 'refund_pending'),
    or(isNull(payments.refundAttemptAt), lt(payments.refundAttemptAt, cutoff)),
  );
  const rows = await deps.db.select({ id: payments.id }).from(payments).where(due);
  let refunded = 0;
  for (const { id } of rows) {
    const [claimed] = await deps.db
      .update(payments)
      .set({ refundAttemptAt: now })
      .where(and(eq(payments.id, id), due))
      .returning();
    if (!claimed) continue;
    try {
      if (await refundCardPayment(deps, claimed)) refunded += 1;
    } catch (error) {
      onError(error);
    }
  }
  return refunded;
}
