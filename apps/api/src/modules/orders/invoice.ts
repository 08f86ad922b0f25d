import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { ItemStatus } from '@bagshop/shared/orders';
import { PAYMENT_METHOD_LABELS } from '@bagshop/shared/orders';
import { gstStateCode, placeOfSupply } from '@bagshop/shared/places';
import { BAG_HSN_CODE, isIntraState, orderInvoiceFigures } from '@bagshop/shared/pricing/invoice';
import { addPaise, type Paise } from '@bagshop/shared/pricing/money';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AddressSnapshot } from '../../db/schema/orders.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { type DocumentLine, gstTotals, type InvoiceSeller, renderGstDocument, shippingTotal } from './invoice-pdf.ts';
import { loadOrderRecord, type OrderItemRow, type OrderRecord } from './order-record.ts';

export type { InvoiceSeller } from './invoice-pdf.ts';

export interface InvoiceLine extends DocumentLine {
  itemId: string;
  name: string;
  color: string;
  status: ItemStatus;
}

export interface InvoiceCreditNote {
  id: string;
  number: string;
  issuedAt: Date;
  itemId: string;
  /** The refund it documents. */
  amountPaise: Paise;
}

/** Where the supply goes and to whom, as GST documents print it (docs/decisions/042-gst-on-what-is-paid.md). */
export interface SupplyParty {
  /** 'Maharashtra (27)': the delivery address's state and its GST code. */
  placeOfSupply: string;
  /** The delivery state's two-digit GST code, '' for a state without one. */
  placeOfSupplyCode: string;
  /** A registered buyer's GSTIN (a B2B invoice), else null. */
  buyerGstin: string | null;
  /** Inside the seller's state: CGST + SGST; outside: IGST. */
  intraState: boolean;
}

export interface Invoice extends SupplyParty {
  /** INV/26-27/000001 */
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  orderDate: Date;
  customer: { name: string; email: string };
  address: AddressSnapshot;
  paymentMethod: string;
  /** The invoiced items (all but those cancelled before the sale was invoiced), by name. */
  lines: InvoiceLine[];
  grossPaise: Paise;
  discountPaise: Paise;
  taxablePaise: Paise;
  taxPaise: Paise;
  /** The delivery charge paid, with the taxable value and GST inside it. */
  shippingPaise: Paise;
  shippingTaxablePaise: Paise;
  shippingTaxPaise: Paise;
  /** Whether the prices included GST (then no tax was added to the lines' price after discounts). */
  pricesIncludeGst: boolean;
  /** What was paid for the invoiced items and their delivery. */
  totalPaise: Paise;
  creditNotes: InvoiceCreditNote[];
}

/** The supply's place and parties, from the order's delivery address as it was kept. */
export function supplyPartyOf(sellerState: string, address: AddressSnapshot): SupplyParty {
  return {
    placeOfSupply: placeOfSupply(address.state),
    placeOfSupplyCode: gstStateCode(address.state) ?? '',
    buyerGstin: address.gstin ?? null,
    intraState: isIntraState(sellerState, address.state),
  };
}

export const sellerOf = (config: Config): InvoiceSeller => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
  state: config.SELLER_STATE,
  gstin: config.SELLER_GSTIN,
});

/**
 * The order's GST invoice, a projection of its record (docs/decisions/040-order-read-model.md): the invoiced lines
 * in the record's item order (by name), the credit notes oldest first. Null until the order is invoiced (paid).
 */
export function invoiceView(record: OrderRecord, sellerState: string): Invoice | null {
  const { order, items, owner } = record;
  if (!order.invoiceNumber || !order.invoicedAt) return null;
  const figures = orderInvoiceFigures(
    order,
    items,
    record.creditNotes.map((n) => n.orderItemId),
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  return {
    ...supplyPartyOf(sellerState, order.shippingAddress),
    invoiceNumber: order.invoiceNumber,
    invoiceDate: order.invoicedAt,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    customer: { name: owner.name, email: owner.email },
    address: order.shippingAddress,
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod],
    lines: figures.lines.map((line) => {
      const item = byId.get(line.itemId) as OrderItemRow;
      return { ...line, name: item.name, color: item.color, status: item.status, description: '' };
    }),
    grossPaise: figures.grossPaise,
    discountPaise: figures.discountPaise,
    taxablePaise: figures.taxablePaise,
    taxPaise: figures.taxPaise,
    shippingPaise: figures.shippingPaise,
    shippingTaxablePaise: figures.shippingTaxablePaise,
    shippingTaxPaise: figures.shippingTaxPaise,
    pricesIncludeGst: order.pricesIncludeGst,
    totalPaise: figures.totalPaise,
    creditNotes: record.creditNotes.map((n) => ({
      id: n.id,
      number: n.number,
      issuedAt: n.issuedAt,
      itemId: n.orderItemId,
      amountPaise: n.amountPaise,
    })),
  };
}

/**
 * The order's GST invoice for its owner or an administrator; anyone else gets 404. An order has one once it is paid
 * (card or wallet payment, or cash collected at delivery); before that 409.
 */
export async function loadInvoice(db: Db, viewer: CurrentUser, orderId: string, sellerState: string): Promise<Invoice> {
  const record = await loadOrderRecord(db, orderId);
  if (!record || (record.order.userId !== viewer.id && !viewer.isAdmin)) throw notFound(ORDER_MSG.orderNotFound);
  const invoice = invoiceView(record, sellerState);
  if (!invoice) throw new AppError('CONFLICT', ADMIN_ORDER_MSG.invoiceNotReady);
  return invoice;
}

export const documentDate = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 'Trail Pack (Green)', with '(returned)', '(cancelled)' or '(returned to seller)' for an item given back. */
export function lineDescription(line: Pick<InvoiceLine, 'name' | 'color' | 'status'>): string {
  const gone = line.status === 'Cancelled' || line.status === 'Returned' || line.status === 'Returned to seller';
  const note = gone ? ` (${line.status.toLowerCase()})` : '';
  return `${line.name} (${line.color})${note}`;
}

/** An A4 tax invoice: a line per invoiced item, the totals, and the credit notes issued against it. */
export function renderInvoicePdf(seller: InvoiceSeller, invoice: Invoice): Promise<Buffer> {
  const totals: Array<[string, string, boolean?]> = [
    ['Total price', money(invoice.grossPaise)],
    ['Discounts (offers and coupon)', `- ${money(invoice.discountPaise)}`],
    ['Taxable value', money(invoice.taxablePaise)],
    ...gstTotals(invoice.taxPaise, invoice.intraState),
    shippingTotal(invoice.shippingPaise, invoice.shippingTaxablePaise, invoice.shippingTaxPaise),
    ['Total paid', money(invoice.totalPaise), true],
  ];
  for (const note of invoice.creditNotes) totals.push([`Credit note ${note.number}`, `- ${money(note.amountPaise)}`]);
  const taxable = addPaise(invoice.taxablePaise, invoice.shippingTaxablePaise);
  const tax = addPaise(invoice.taxPaise, invoice.shippingTaxPaise);
  return renderGstDocument(seller, {
    title: 'TAX INVOICE',
    facts: [
      ['Invoice number', invoice.invoiceNumber],
      ['Invoice date', documentDate.format(invoice.invoiceDate)],
      ['Order number', invoice.orderNumber],
      ['Order date', documentDate.format(invoice.orderDate)],
      ['Payment', invoice.paymentMethod],
    ],
    customerEmail: invoice.customer.email,
    address: invoice.address,
    placeOfSupply: invoice.placeOfSupply,
    buyerGstin: invoice.buyerGstin,
    lines: invoice.lines.map((line) => ({ ...line, description: lineDescription(line) })),
    totals,
    note: [
      'Amounts in Indian rupees.',
      invoice.pricesIncludeGst
        ? 'Prices include GST: the taxable value of each line is taken out of what was paid for it.'
        : 'GST is charged on the value after offers and coupon (CGST Act s. 15(3)(a)).',
      `The delivery charge is part of the supply of the goods (s. 15(2)(c), HSN ${BAG_HSN_CODE}) and includes its GST.`,
      `Total taxable value ${money(taxable)}, total GST ${money(tax)}.`,
      'This is a computer-generated invoice and needs no signature.',
    ].join(' '),
  });
}
