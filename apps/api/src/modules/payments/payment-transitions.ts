import type { PaymentRecordStatus, PaymentStatus } from '@bagshop/shared/orders';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/orders.ts';

/**
 * The only moves of an order's payment status. A failed card payment leaves the order Pending so it can be retried
 * (docs/product.md §4 Payment), so nothing moves an order to Failed. Refunded: every item's money went back to the
 * wallet (from Paid), or a card payment that arrived after the order was cancelled or expired went back to the card
 * (from Pending).
 */
export const PAYMENT_STATUS_TRANSITIONS: ReadonlyArray<{ from: PaymentStatus; to: PaymentStatus }> = [
  { from: 'Pending', to: 'Paid' },
  { from: 'Paid', to: 'Refunded' },
  { from: 'Pending', to: 'Refunded' },
];

export function canMovePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_STATUS_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/**
 * The only moves of one provider order (a card payment of an order or a wallet top-up): created → paid or failed; a
 * capture after a reported failure still pays; a capture the shop must not keep (its order was cancelled, expired or
 * already paid) is recorded as refund_pending, handed back through the provider, then refunded.
 */
export const PAYMENT_RECORD_TRANSITIONS: ReadonlyArray<{ from: PaymentRecordStatus; to: PaymentRecordStatus }> = [
  { from: 'created', to: 'paid' },
  { from: 'created', to: 'failed' },
  { from: 'failed', to: 'paid' },
  { from: 'created', to: 'refund_pending' },
  { from: 'failed', to: 'refund_pending' },
  { from: 'refund_pending', to: 'refunded' },
];

export function canMovePaymentRecord(from: PaymentRecordStatus, to: PaymentRecordStatus): boolean {
  return PAYMENT_RECORD_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/**
 * The one way an order's payment status changes: the move must be in PAYMENT_STATUS_TRANSITIONS (anything else is a
 * bug and throws), applied as a conditional update on the status it moves from. Returns whether this call moved it;
 * false when the order was not in `from` (a replay, or another process was first).
 */
export async function moveOrderPaymentStatus(
  tx: Tx,
  orderId: string,
  move: { from: PaymentStatus; to: PaymentStatus },
  changes: { paidAt?: Date } = {},
): Promise<boolean> {
  if (!canMovePaymentStatus(move.from, move.to)) {
    throw new Error(`An order's payment cannot move from ${move.from} to ${move.to}`);
  }
  const moved = await tx
    .update(orders)
    .set({ ...changes, paymentStatus: move.to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, move.from)))
    .returning({ id: orders.id });
  return moved.length > 0;
}

export type PaymentRow = typeof payments.$inferSelect;

type PaymentChanges = Partial<
  Pick<PaymentRow, 'providerPaymentId' | 'settledAt' | 'refundId' | 'refundAttemptAt' | 'refundedAt'>
>;

/**
 * The one way a payment row changes status: the move must be in PAYMENT_RECORD_TRANSITIONS (anything else is a bug
 * and throws), and it is a conditional update, so of two racing callers only one moves the row. Returns the row as
 * moved by this call, or null when the row was no longer in `from` (a replayed verification or webhook), so callers
 * apply their effects exactly once.
 */
export async function movePaymentRecord(
  tx: DbOrTx,
  paymentId: string,
  move: { from: PaymentRecordStatus; to: PaymentRecordStatus },
  changes: PaymentChanges = {},
): Promise<PaymentRow | null> {
  if (!canMovePaymentRecord(move.from, move.to)) {
    throw new Error(`A payment cannot move from ${move.from} to ${move.to}`);
  }
  const [row] = await tx
    .update(payments)
    .set({ ...changes, status: move.to })
    .where(and(eq(payments.id, paymentId), eq(payments.status, move.from)))
    .returning();
  return row ?? null;
}
