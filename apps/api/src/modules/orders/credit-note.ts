import { ORDER_MSG, refundNotes } from '@bagshop/shared/order-messages';
import type { ItemStatus } from '@bagshop/shared/orders';
import { creditNoteFigures } from '@bagshop/shared/pricing/invoice';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { KeptBack } from '@bagshop/shared/pricing/refunds';
import type { Db } from '../../db/client.ts';
import type { AddressSnapshot } from '../../db/schema/orders.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { documentDate, type InvoiceLine, lineDescription, type SupplyParty, supplyPartyOf } from './invoice.ts';
import { gstTotals, type InvoiceSeller, renderGstDocument, shippingTotal } from './invoice-pdf.ts';
import { type CreditNoteRow, loadOrderRecord, type OrderItemRow, type OrderRecord } from './order-record.ts';

export interface CreditNote extends SupplyParty {
  /** CN/26-27/000001 */
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  customer: { name: string; email: string };
  address: AddressSnapshot;
  /** The item's invoice line, reversed. */
  line: InvoiceLine;
  /** The shipping given back with the last item kept, and the taxable value and GST inside it. */
  shippingPaise: Paise;
  shippingTaxablePaise: Paise;
  shippingTaxPaise: Paise;
  /** Kept back by an earlier refund and given back with this one. */
  carriedPaise: Paise;
  /** What the items still live no longer earned on their own, with the reasons (docs/decisions/035-refunds-keep-what-was-earned.md). */
  keptBack: KeptBack;
  keptBackNotes: string[];
  /** The refund: line amount + shipping + carried − kept back. */
  totalPaise: Paise;
}

/** One credit note of the order, a projection of its record (docs/decisions/040-order-read-model.md). */
export function creditNoteView(record: OrderRecord, note: CreditNoteRow, sellerState: string): CreditNote {
  const { order, items, owner } = record;
  const item = items.find((i) => i.id === note.orderItemId) as OrderItemRow;
  const figures = creditNoteFigures(order, items, item.id, note.amountPaise, item.refundFigures);
  return {
    ...supplyPartyOf(sellerState, order.shippingAddress),
    number: note.number,
    issuedAt: note.issuedAt,
    invoiceNumber: order.invoiceNumber ?? '',
    invoiceDate: order.invoicedAt ?? note.issuedAt,
    orderNumber: order.orderNumber,
    customer: { name: owner.name, email: owner.email },
    address: order.shippingAddress,
    line: { ...figures.line, name: item.name, color: item.color, status: item.status, description: '' },
    shippingPaise: figures.shippingPaise,
    shippingTaxablePaise: figures.shippingTaxablePaise,
    shippingTaxPaise: figures.shippingTaxPaise,
    carriedPaise: figures.carriedPaise,
    keptBack: figures.keptBack,
    keptBackNotes: refundNotes(order, item.refundFigures),
    totalPaise: figures.totalPaise,
  };
}

/** A credit note of an order for its owner or an administrator; anyone else, or another order's note, gets 404. */
export async function loadCreditNote(
  db: Db,
  viewer: CurrentUser,
  orderId: string,
  noteId: string,
  sellerState: string,
): Promise<CreditNote> {
  const record = await loadOrderRecord(db, orderId);
  const note = record?.creditNotes.find((n) => n.id === noteId);
  if (!record || !note || (record.order.userId !== viewer.id && !viewer.isAdmin)) {
    throw notFound(ORDER_MSG.orderNotFound);
  }
  return creditNoteView(record, note, sellerState);
}

const CREDIT_REASONS: Partial<Record<ItemStatus, string>> = {
  Returned: 'Return',
  'Returned to seller': 'Not delivered, returned to seller',
};

/** An A4 credit note: the item's invoice line reversed, and the shipping when it went back too. */
export function renderCreditNotePdf(seller: InvoiceSeller, note: CreditNote): Promise<Buffer> {
  const reason = CREDIT_REASONS[note.line.status] ?? 'Cancellation';
  const totals: Array<[string, string, boolean?]> = [
    ['Price', money(note.line.grossPaise)],
    ['Discounts (offers and coupon)', `- ${money(note.line.discountPaise)}`],
    ['Taxable value', money(note.line.taxablePaise)],
    ...gstTotals(note.line.taxPaise, note.intraState),
  ];
  if (note.shippingPaise > 0) {
    totals.push(shippingTotal(note.shippingPaise, note.shippingTaxablePaise, note.shippingTaxPaise));
  }
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
    placeOfSupply: note.placeOfSupply,
    buyerGstin: note.buyerGstin,
    lines: [{ ...note.line, description: lineDescription(note.line) }],
    totals,
    note: [
      `Amounts in Indian rupees. The taxable value and tax of this line are reversed from invoice ${note.invoiceNumber}; the total is refunded to the wallet.`,
      ...note.keptBackNotes,
    ].join(' '),
  });
}
