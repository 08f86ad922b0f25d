import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/orders.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentPurpose = 'order' | 'wallet';

export interface ProviderOrderRecord {
  userId: string;
  orderId?: string;
  purpose: PaymentPurpose;
  provider: string;
  providerOrderId: string;
  amountPaise: number;
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

/**
 * Settles a provider order once. Returns the row when this call settled it; null when it was already settled (a
 * replayed verification or webhook) or is unknown, so callers apply their effects exactly once.
 */
export async function settlePayment(
  tx: Tx,
  input: { providerOrderId: string; providerPaymentId: string | null; status: 'paid' | 'failed' },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ status: input.status, providerPaymentId: input.providerPaymentId, settledAt: new Date() })
    .where(and(eq(payments.providerOrderId, input.providerOrderId), eq(payments.status, 'created')))
    .returning();
  return row ?? null;
}

export async function findPaymentByProviderOrder(db: DbOrTx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  return row ?? null;
}
