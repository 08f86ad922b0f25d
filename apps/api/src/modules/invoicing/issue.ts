import { GONE_ITEM_STATUSES } from '@bagshop/shared/orders';
import { type Paise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { nextDocumentNumber } from './document-numbers.ts';

/**
 * Numbers the order's GST invoice, in the transaction that makes it paid (card or wallet payment, cash collected at
 * delivery) and under the order's lock. Items refunded in that same step (cancelled while a card order waited for
 * payment) get their credit notes. Returns the invoice number; an order numbered before keeps its number.
 */
export async function issueInvoice(tx: Tx, orderId: string, at: Date): Promise<string> {
  const [order] = await tx.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  if (order.invoiceNumber) return order.invoiceNumber;
  const invoiceNumber = await nextDocumentNumber(tx, 'INV', at);
  await tx.update(orders).set({ invoiceNumber, invoicedAt: at }).where(eq(orders.id, orderId));
  const refunded = await tx
    .select({ id: orderItems.id, refundedPaise: orderItems.refundedPaise })
    .from(orderItems)
    .leftJoin(creditNotes, eq(creditNotes.orderItemId, orderItems.id))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(orderItems.status, [...GONE_ITEM_STATUSES]),
        gt(orderItems.refundedPaise, ZERO_PAISE),
        isNull(creditNotes.id),
      ),
    )
    .orderBy(orderItems.id);
  for (const item of refunded) {
    await writeCreditNote(tx, { orderId, orderItemId: item.id, amountPaise: item.refundedPaise, at });
  }
  return invoiceNumber;
}

export interface CreditNoteInput {
  orderId: string;
  orderItemId: string;
  /** The refund of the item. */
  amountPaise: Paise;
  at: Date;
}

async function writeCreditNote(tx: Tx, input: CreditNoteInput): Promise<string> {
  const number = await nextDocumentNumber(tx, 'CN', input.at);
  await tx.insert(creditNotes).values({
    number,
    orderId: input.orderId,
    orderItemId: input.orderItemId,
    amountPaise: input.amountPaise,
    issuedAt: input.at,
  });
  return number;
}

/**
 * A credit note for a refunded item of an invoiced order, in the transaction of the cancel or return that refunds
 * it. Null when the order has no invoice yet (its sale was not final, so there is nothing to credit).
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput): Promise<string | null> {
  const [order] = await tx
    .select({ invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order?.invoiceNumber) return null;
  return writeCreditNote(tx, input);
}
