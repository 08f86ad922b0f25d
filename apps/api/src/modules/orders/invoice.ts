import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { ItemStatus } from '@bagshop/shared/orders';
import { countryName } from '@bagshop/shared/places';
import { TAX_PERCENT } from '@bagshop/shared/pricing/cart';
import { asPaise, type Paise, subtractPaise, sumPaise, timesQuantity } from '@bagshop/shared/pricing/money';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { type AddressSnapshot, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { CurrentUser } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pdfMoney as money, newPdf, PDF_BOLD_FONT, PDF_FONT, PDF_MARGIN } from '../../platform/pdf.ts';

export interface InvoiceSeller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

export interface InvoiceLine {
  name: string;
  color: string;
  qty: number;
  status: ItemStatus;
  /** Unit price after the offer. */
  unitPaise: Paise;
  /** The line after offer, before the coupon. */
  taxablePaise: Paise;
}

export interface Invoice {
  orderNumber: string;
  date: Date;
  customer: { name: string; email: string };
  address: AddressSnapshot;
  paymentMethod: string;
  lines: InvoiceLine[];
  couponDiscountPaise: Paise;
  taxPaise: Paise;
  shippingPaise: Paise;
  totalPaise: Paise;
  refundedPaise: Paise;
}

export const sellerOf = (config: Config): InvoiceSeller => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
  state: config.SELLER_STATE,
  gstin: config.SELLER_GSTIN,
});

/**
 * GST on the charged tax: a delivery inside the seller's state is an intra-state supply (CGST + SGST, half each),
 * anywhere else inter-state (IGST).
 */
export function gstLines(taxPaise: Paise, sellerState: string, deliveryState: string) {
  if (sellerState.trim().toLowerCase() !== deliveryState.trim().toLowerCase()) {
    return [{ label: `IGST ${TAX_PERCENT} %`, paise: taxPaise }];
  }
  const half = `${TAX_PERCENT / 2} %`;
  const cgst = asPaise(Math.ceil(taxPaise / 2));
  return [
    { label: `CGST ${half}`, paise: cgst },
    { label: `SGST ${half}`, paise: subtractPaise(taxPaise, cgst) },
  ];
}

/** The order's invoice for its owner or an administrator; anyone else gets 404. Unpaid card orders have none. */
export async function loadInvoice(db: Db, viewer: CurrentUser, orderId: string): Promise<Invoice> {
  if (!isUuid(orderId)) throw notFound(ORDER_MSG.orderNotFound);
  const [row] = await db
    .select({ order: orders, customer: { name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(eq(orders.id, orderId));
  if (!row || (row.order.userId !== viewer.id && !viewer.isAdmin)) throw notFound(ORDER_MSG.orderNotFound);
  const { order } = row;
  // A card payment refunded because it came after the order was cancelled never paid for anything.
  const neverPaid = order.paymentStatus === 'Pending' || (order.paymentStatus === 'Refunded' && !order.paidAt);
  if (order.paymentMethod !== 'cod' && neverPaid) {
    throw new AppError('CONFLICT', ADMIN_ORDER_MSG.invoiceNotReady);
  }
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  return {
    orderNumber: order.orderNumber,
    date: order.createdAt,
    customer: row.customer,
    address: order.shippingAddress,
    paymentMethod: { razorpay: 'Razorpay', wallet: 'Wallet', cod: 'Cash on Delivery' }[order.paymentMethod],
    lines: items.map((i) => ({
      name: i.name,
      color: i.color,
      qty: i.qty,
      status: i.status,
      unitPaise: subtractPaise(i.pricePaise, i.discountPaise),
      taxablePaise: timesQuantity(subtractPaise(i.pricePaise, i.discountPaise), i.qty),
    })),
    couponDiscountPaise: order.couponDiscountPaise,
    taxPaise: order.taxPaise,
    shippingPaise: order.shippingPaise,
    totalPaise: order.finalPaise,
    refundedPaise: sumPaise(items.map((i) => i.refundedPaise)),
  };
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

const COLUMNS = [
  { title: 'Item', x: 48, width: 170, align: 'left' },
  { title: 'Colour', x: 222, width: 60, align: 'left' },
  { title: 'Qty', x: 286, width: 30, align: 'right' },
  { title: 'Unit price', x: 322, width: 100, align: 'right' },
  { title: 'Taxable value', x: 430, width: 117, align: 'right' },
] as const;

/** An A4 tax invoice. */
export function renderInvoicePdf(seller: InvoiceSeller, invoice: Invoice): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: 'A4',
    margin: PDF_MARGIN,
    info: { Title: `Tax invoice ${invoice.orderNumber}`, Author: seller.name },
  });

  const left = PDF_MARGIN;
  const right = doc.page.width - PDF_MARGIN;
  doc.font(PDF_BOLD_FONT).fontSize(18).text('TAX INVOICE', left, PDF_MARGIN, { align: 'right' });
  doc.fontSize(13).text(seller.name, left, PDF_MARGIN);
  doc.font(PDF_FONT).fontSize(9).text(seller.address, { width: 260 });
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${seller.state}`);

  const metaTop = 130;
  doc.font(PDF_BOLD_FONT).fontSize(10).text('Bill to / Ship to', left, metaTop);
  const a = invoice.address;
  doc.font(PDF_FONT).fontSize(9);
  for (const text of [
    a.name,
    `${a.houseName}, ${a.street}`,
    `${a.town} ${a.zipcode}`,
    `${a.state}, ${countryName(a.country)}`,
    `Phone: ${a.phone}`,
    invoice.customer.email,
  ]) {
    doc.text(text, left, undefined, { width: 260 });
  }
  const billToBottom = doc.y;
  doc.font(PDF_BOLD_FONT).fontSize(10).text('Invoice', 330, metaTop);
  doc.font(PDF_FONT).fontSize(9);
  for (const [label, value] of [
    ['Order number', invoice.orderNumber],
    ['Date', dateFormat.format(invoice.date)],
    ['Place of supply', a.state],
    ['Payment', invoice.paymentMethod],
  ]) {
    doc.text(`${label}: ${value}`, 330, undefined, { width: right - 330 });
  }

  let y = Math.max(billToBottom, doc.y) + 24;
  const rule = () => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  const cells = (values: string[], font: string) => {
    doc.font(font).fontSize(9);
    const heights = COLUMNS.map((c, i) => doc.heightOfString(values[i], { width: c.width }));
    COLUMNS.forEach((c, i) => {
      doc.text(values[i], c.x, y, { width: c.width, align: c.align });
    });
    y += Math.max(...heights) + 6;
  };
  rule();
  y += 6;
  cells(
    COLUMNS.map((c) => c.title),
    PDF_BOLD_FONT,
  );
  rule();
  y += 6;
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = PDF_MARGIN;
    }
    const note = line.status === 'Cancelled' || line.status === 'Returned' ? ` (${line.status.toLowerCase()})` : '';
    cells(
      [`${line.name}${note}`, line.color, String(line.qty), money(line.unitPaise), money(line.taxablePaise)],
      PDF_FONT,
    );
  }
  rule();
  y += 8;

  const subtotal = sumPaise(invoice.lines.map((l) => l.taxablePaise));
  const totals: Array<[string, string, boolean?]> = [['Subtotal', money(subtotal)]];
  if (invoice.couponDiscountPaise > 0) totals.push(['Coupon discount', `- ${money(invoice.couponDiscountPaise)}`]);
  for (const tax of gstLines(invoice.taxPaise, seller.state, a.state)) totals.push([tax.label, money(tax.paise)]);
  totals.push(['Shipping', invoice.shippingPaise > 0 ? money(invoice.shippingPaise) : 'Free']);
  totals.push(['Total', money(invoice.totalPaise), true]);
  if (invoice.refundedPaise > 0) totals.push(['Refunded to wallet', `- ${money(invoice.refundedPaise)}`]);
  for (const [label, value, bold] of totals) {
    doc.font(bold ? PDF_BOLD_FONT : PDF_FONT).fontSize(bold ? 11 : 9);
    doc.text(label, 322, y, { width: 100, align: 'right' });
    doc.text(value, 430, y, { width: 117, align: 'right' });
    y += bold ? 18 : 14;
  }

  doc.font(PDF_FONT).fontSize(8).fillColor('#555555');
  doc.text('Amounts in Indian rupees. This is a computer-generated invoice and needs no signature.', left, y + 24, {
    width: right - left,
  });
  doc.end();
  return done;
}
