import type { PaymentProviderName, PaymentPurpose } from '@bagshop/shared/orders';
import type { Paise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/orders.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { movePaymentRecord, type PaymentRow } from './payment-transitions.ts';

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

export async function findPaymentByProviderOrder(db: DbOrTx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  return row ?? null;
}

/** Locks the payment row of a provider order: its verification, webhook and refund take turns. */
export async function lockPayment(tx: Tx, providerOrderId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.providerOrderId, providerOrderId)).for('update');
  return row ?? null;
}

/**
 * The one "capture" of a provider order: created → paid, and failed → paid too (a signed success or a capture after
 * a reported failure means the money did arrive). Returns the row as paid by this call, or null when it was already
 * settled (paid, or recorded for a refund), so the caller applies its effect once.
 */
export async function capturePayment(
  tx: Tx,
  row: PaymentRow,
  providerPaymentId: string,
  now: Date = new Date(),
): Promise<PaymentRow | null> {
  if (row.status !== 'created' && row.status !== 'failed') return null;
  return movePaymentRecord(tx, row.id, { from: row.status, to: 'paid' }, { providerPaymentId, settledAt: now });
}

/** A provider's report that a payment failed: created → failed, once. Whether this call recorded it. */
export async function recordFailedPayment(tx: Tx, row: PaymentRow, providerPaymentId?: string): Promise<boolean> {
  if (row.status !== 'created') return false;
  const changes = providerPaymentId ? { providerPaymentId, settledAt: new Date() } : { settledAt: new Date() };
  const failed = (await movePaymentRecord(tx, row.id, { from: 'created', to: 'failed' }, changes)) !== null;
  if (failed && row.purpose === 'order' && row.orderId) {
    const payload = { orderId: row.orderId };
    await enqueueMail(tx, `payment-failed:${row.id}`, { userId: row.userId }, 'payment-failed', payload);
  }
  return failed;
}
