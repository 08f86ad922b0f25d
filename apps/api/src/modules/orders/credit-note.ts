import { ORDER_MSG, refundNotes } from '@bagshop/shared/order-messages';
import type { ItemStatus } from '@bagshop/shared/orders';
import { creditNoteFigures } from '@bagshop/shared/pricing/invoice';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { KeptBack } from '@bagshop/shared/pricing/refunds';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { type AddressSnapshot, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { documentDate, type InvoiceLine, lineDescription } from './invoice.ts';
import { gstTotals, type InvoiceSeller, renderGstDocument } from './invoice-pdf.ts';

export interface CreditNote {
  /** CN/26-27/000001 */
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  orderNumber: string;
  customer: { name: string; email: string };
  address: AddressSnapshot;
  /** The item's invoice line, reversed. */
  line: InvoiceLine;
  /** The shipping given back with the last item kept. */
  shippingPaise: Paise;
  /** Kept back by an earlier refund and given back with this one. */
  carriedPaise: Paise;
  /** What the items still live no longer earned on their own, with the reasons (docs/decisions/035-refunds-keep-what-was-earned.md). */
  keptBack: KeptBack;
  keptBackNotes: string[];
  /** The refund: line amount + shipping + carried − kept back. */
  totalPaise: Paise;
}

/** A credit note of an order for its owner or an administrator; anyone else, or another order's note, gets 404. */
export async function loadCreditNote(
  db: Db,
  viewer: CurrentUser,
  orderId: string,
  noteId: string,
): Promise<CreditNote> {
  if (!isUuid(orderId) || !isUuid(noteId)) throw notFound(ORDER_MSG.orderNotFound);
  const [row] = await db
    .select({ note: creditNotes, order: orders, customer: { name: users.name, email: users.email } })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .innerJoin(users, eq(orders.userId, users.id))
    .where(and(eq(creditNotes.id, noteId), eq(creditNotes.orderId, orderId)));
  if (!row || (row.order.userId !== viewer.id && !viewer.isAdmin)) throw notFound(ORDER_MSG.orderNotFound);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const item = items.find((i) => i.id === row.note.orderItemId) as (typeof items)[number];
  const figures = creditNoteFigures(row.order, items, item.id, row.note.amountPaise, item.refundFigures);
  return {
    number: row.note.number,
    issuedAt: row.note.issuedAt,
    invoiceNumber: row.order.invoiceNumber ?? '',
    orderNumber: row.order.orderNumber,
    customer: row.customer,
    address: row.order.shippingAddress,
    line: { ...figures.line, name: item.name, color: item.color, status: item.status, description: '' },
    shippingPaise: figures.shippingPaise,
    carriedPaise: figures.carriedPaise,
    keptBack: figures.keptBack,
    keptBackNotes: refundNotes(row.order, item.refundFigures),
    totalPaise: figures.totalPaise,
  };
}

const CREDIT_REASONS: Partial<Record<ItemStatus, string>> = {
  Returned: 'Return',
  'Returned to seller': 'Not delivered, returned to seller',
};

/** An A4 credit note: the item's invoice line reversed, and the shipping when it went back too. */
export function renderCreditNotePdf(seller: InvoiceSeller, note: CreditNote): Promise<Buffer> {
  const intraState = seller.state.trim().toLowerCase() === note.address.state.trim().toLowerCase();
  const reason = CREDIT_REASONS[note.line.status] ?? 'Cancellation';
  const totals: Array<[string, string, boolean?]> = [
    ['Price', money(note.line.grossPaise)],
    ['Discounts (offers and coupon)', `- ${money(note.line.discountPaise)}`],
    ...gstTotals(note.line.taxPaise, intraState),
  ];
  if (note.shippingPaise > 0) totals.push(['Shipping', money(note.shippingPaise)]);
  if (note.carriedPaise > 0) totals.push(['Kept back earlier, given back now', money(note.carriedPaise)]);
  if (note.keptBack.couponPaise > 0) totals.push(['Coupon benefit kept back', `- ${money(note.keptBack.couponPaise)}`]);
  if (note.keptBack.shippingPaise > 0)
    totals.push(['Shipping fee kept back', `- ${money(note.keptBack.shippingPaise)}`]);
  totals.push(['Total credited', money(note.totalPaise), true]);
  return renderGstDocument(seller, {
    title: 'CREDIT NOTE',
    facts: [
      ['Credit note number', note.number],
      ['Date', documentDate.format(note.issuedAt)],
      ['Against invoice', note.invoiceNumber],
      ['Order number', note.orderNumber],
      ['Reason', reason],
    ],
    customerEmail: note.customer.email,
    address: note.address,
    lines: [{ ...note.line, description: lineDescription(note.line) }],
    totals,
    note: [
      `Amounts in Indian rupees. The taxable value and tax of this line are reversed from invoice ${note.invoiceNumber}; the total is refunded to the wallet.`,
      ...note.keptBackNotes,
    ].join(' '),
  });
}
