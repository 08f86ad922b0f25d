import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { and, asc, inArray, ne } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipping.ts';
import { notFound } from '../../platform/errors.ts';
import { newPdf, PDF_BOLD_FONT, PDF_FONT, pdfMoney, pdfText } from '../../platform/pdf.ts';
import type { OrderItemRow, OrderRow } from '../orders/service.ts';
import { parcelWorthPaise } from './booking.ts';
import type { ShipmentRow } from './shipment-view.ts';

/** A 4 × 6 inch page: the size of thermal label printers and of couriers' own labels. */
const LABEL_SIZE: [number, number] = [288, 432];
const MARGIN = 18;

const indiaDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });

interface LabelPage {
  shipment: ShipmentRow;
  order: OrderRow;
  items: OrderItemRow[];
  /** The order's oldest live parcel: it carries the shipping fee. */
  firstParcel: boolean;
}

async function labelPages(db: Db, shipmentIds: readonly string[]): Promise<LabelPage[]> {
  if (shipmentIds.length === 0 || !shipmentIds.every(isUuid)) throw notFound(SHIPPING_MSG.shipmentNotFound);
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...shipmentIds]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (shipmentIds.some((id) => !byId.has(id) || byId.get(id)?.status === 'cancelled')) {
    throw notFound(SHIPPING_MSG.shipmentNotFound);
  }
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const orderRows = await db.select().from(orders).where(inArray(orders.id, orderIds));
  const itemRows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const parcels = await db
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), ne(shipments.status, 'cancelled')))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  const firstOf = new Map<string, string>();
  for (const p of parcels) if (!firstOf.has(p.orderId)) firstOf.set(p.orderId, p.id);
  return shipmentIds.map((id) => {
    const shipment = byId.get(id) as ShipmentRow;
    const order = orderOf.get(shipment.orderId) as OrderRow;
    const items = itemRows.filter((i) => i.orderId === order.id).sort((a, b) => (a.id < b.id ? -1 : 1));
    return { shipment, order, items, firstParcel: firstOf.get(order.id) === id };
  });
}

/** What the courier collects at the door for this parcel: its items' shares, and the shipping fee on the first one. */
function codAmount(page: LabelPage): string {
  if (page.order.paymentMethod !== 'cod') return 'PREPAID - do not collect cash';
  const worth = parcelWorthPaise(page.order, page.items, page.shipment.itemIds, page.firstParcel);
  return `COD - collect ${pdfMoney(worth)}`;
}

function drawLabel(doc: PDFKit.PDFDocument, config: Config, page: LabelPage): void {
  const { shipment, order } = page;
  const width = LABEL_SIZE[0] - MARGIN * 2;
  const a = order.shippingAddress;
  pdfText(doc, shipment.courier, { font: PDF_BOLD_FONT, size: 12, width });
  doc.font(PDF_FONT).fontSize(9).text('AWB (tracking number)');
  doc.font(PDF_BOLD_FONT).fontSize(18).text(shipment.awb, { width });
  doc.moveDown(0.5);
  doc.font(PDF_BOLD_FONT).fontSize(10).text('Ship to');
  pdfText(
    doc,
    [
      a.name,
      a.houseName,
      a.street,
      ...(a.landmark ? [a.landmark] : []),
      `${a.town}, ${a.state} ${a.zipcode}`,
      a.country,
      `Phone: ${a.phone}`,
    ].join('\n'),
    { font: PDF_FONT, size: 10, width },
  );
  doc.moveDown(0.5);
  pdfText(doc, codAmount(page), { font: PDF_BOLD_FONT, size: 10, width });
  doc.moveDown(0.5);
  doc.font(PDF_FONT).fontSize(9);
  doc.text(`Order: ${order.orderNumber}`);
  doc.text(`Invoice: ${order.invoiceNumber ?? 'not issued yet'}`);
  doc.text(`Booked: ${indiaDate.format(shipment.createdAt)}`);
  const contents = page.items
    .filter((i) => shipment.itemIds.includes(i.id))
    .map((i) => `${i.name} (${i.color}) x ${i.qty}`);
  pdfText(doc, `Contents: ${contents.join('; ')}`, { font: PDF_FONT, size: 9, width });
  doc.moveDown(0.5);
  doc.font(PDF_BOLD_FONT).fontSize(9).text('If undelivered, return to');
  pdfText(doc, `${config.SELLER_NAME}\n${config.SELLER_ADDRESS}\nPhone: ${config.SELLER_PHONE}`, {
    font: PDF_FONT,
    size: 9,
    width,
  });
}

/**
 * The shop's labels, one 4 × 6 inch page per parcel in the order asked: courier, AWB, both addresses, what to collect,
 * the order and invoice numbers. A cancelled or unknown shipment is a 404 for the whole batch.
 */
export async function renderLabels(db: Db, config: Config, shipmentIds: readonly string[]): Promise<Buffer> {
  const pages = await labelPages(db, shipmentIds);
  const { doc, done } = await newPdf({ size: LABEL_SIZE, margin: MARGIN, autoFirstPage: false, compress: false });
  doc.info.Title = pages.length === 1 ? `Label ${pages[0].shipment.awb}` : `Labels (${pages.length})`;
  for (const page of pages) {
    doc.addPage();
    drawLabel(doc, config, page);
  }
  doc.end();
  return done;
}
