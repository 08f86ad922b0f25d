import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { ItemStatus } from '@bagshop/shared/orders';
import { orderInvoiceFigures } from '@bagshop/shared/pricing/invoice';
import type { Paise } from '@bagshop/shared/pricing/money';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { type AddressSnapshot, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { type DocumentLine, gstTotals, type InvoiceSeller, renderGstDocument } from './invoice-pdf.ts';

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

export interface Invoice {
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
  shippingPaise: Paise;
  /** What was paid for the invoiced items: price − discounts + tax + shipping. */
  totalPaise: Paise;
  creditNotes: InvoiceCreditNote[];
}

export const sellerOf = (config: Config): InvoiceSeller => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
  state: config.SELLER_STATE,
  gstin: config.SELLER_GSTIN,
});

export const PAYMENT_METHOD_NAMES = { razorpay: 'Razorpay', wallet: 'Wallet', cod: 'Cash on Delivery' } as const;

/**
 * The order's GST invoice for its owner or an administrator; anyone else gets 404. An order has one once it is paid
 * (card or wallet payment, or cash collected at delivery); before that 409.
 */
export async function loadInvoice(db: Db, viewer: CurrentUser, orderId: string): Promise<Invoice> {
  if (!isUuid(orderId)) throw notFound(ORDER_MSG.orderNotFound);
  const [row] = await db
    .select({ order: orders, customer: { name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.id, orderId));
  if (!row || (row.order.userId !== viewer.id && !viewer.isAdmin)) throw notFound(ORDER_MSG.orderNotFound);
  const { order } = row;
  if (!order.invoiceNumber || !order.invoicedAt) throw new AppError('CONFLICT', ADMIN_ORDER_MSG.invoiceNotReady);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const notes = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, order.id))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  const figures = orderInvoiceFigures(
    order,
    items,
    notes.map((n) => n.orderItemId),
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  return {
    invoiceNumber: order.invoiceNumber,
    invoiceDate: order.invoicedAt,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    customer: row.customer,
    address: order.shippingAddress,
    paymentMethod: PAYMENT_METHOD_NAMES[order.paymentMethod],
    lines: figures.lines.map((line) => {
      const item = byId.get(line.itemId) as (typeof items)[number];
      return { ...line, name: item.name, color: item.color, status: item.status, description: '' };
    }),
    grossPaise: figures.grossPaise,
    discountPaise: figures.discountPaise,
    taxablePaise: figures.taxablePaise,
    taxPaise: figures.taxPaise,
    shippingPaise: figures.shippingPaise,
    totalPaise: figures.totalPaise,
    creditNotes: notes.map((n) => ({
      id: n.id,
      number: n.number,
      issuedAt: n.issuedAt,
      itemId: n.orderItemId,
      amountPaise: n.amountPaise,
    })),
  };
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
  const intraState = seller.state.trim().toLowerCase() === invoice.address.state.trim().toLowerCase();
  const totals: Array<[string, string, boolean?]> = [
    ['Total price', money(invoice.grossPaise)],
    ['Discounts (offers and coupon)', `- ${money(invoice.discountPaise)}`],
    ...gstTotals(invoice.taxPaise, intraState),
    ['Shipping', invoice.shippingPaise > 0 ? money(invoice.shippingPaise) : 'Free'],
    ['Total paid', money(invoice.totalPaise), true],
  ];
  for (const note of invoice.creditNotes) totals.push([`Credit note ${note.number}`, `- ${money(note.amountPaise)}`]);
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
    lines: invoice.lines.map((line) => ({ ...line, description: lineDescription(line) })),
    totals,
    note: `Amounts in Indian rupees. Tax is charged at 5 % of the price before discounts (taxable value ${money(invoice.taxablePaise)}). This is a computer-generated invoice and needs no signature.`,
  });
}
