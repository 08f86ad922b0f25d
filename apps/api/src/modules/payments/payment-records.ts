import {
  canMovePaymentRecord,
  type PaymentProviderName,
  type PaymentPurpose,
  type PaymentRecordStatus,
} from '@bagshop/shared/orders';
import type { Paise } from '@bagshop/shared/pricing/money';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/orders.ts';

export type PaymentRow = typeof payments.$inferSelect;

export interface ProviderOrderRecord {
  userId: string;
  orderId?: string;
  purpose: PaymentPurpose;
  provider: PaymentProviderName;
  providerOrderId: string;
  amountPaise: Paise;
}

/** Remembers a provider order so a later signature or webhook can be checked against who and what it was for. */
export async function recordProviderOrder(tx: DbOrTx, record: ProviderOrderRecord): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      userId: record.userId,
      orderId: record.orderId ?? null,
      purpose: record.purpose,
      provider: record.provider,
      providerOrderId: record.providerOrderId,
      amountPaise: record.amountPaise,
    })
    .returning();
  if (!row) throw new Error('payment row not inserted');
  return row;
}

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

export async function findPaymentByProviderOrder(db: DbOrTx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  return row ?? null;
}
