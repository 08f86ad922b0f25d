import { refundNotes } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { isPaidFor, orderStatusOf } from '@bagshop/shared/orders';
import type { SoldLine } from '@bagshop/shared/pricing/cart';
import { toRupees } from '@bagshop/shared/pricing/money';
import { itemRefund } from '@bagshop/shared/pricing/refunds';
import { soldLinesOf } from '@bagshop/shared/pricing/sold-lines';
import type { AdminOrderView } from '@bagshop/shared/schemas/admin-orders';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { canRetryPayment, expiresAtOf } from '../payments/service.ts';
import {
  loadOrderRecord,
  loadOrderRecords,
  type OrderItemRow,
  type OrderOwner,
  type OrderRecord,
  type OrderRow,
} from './order-record.ts';
import { adminShipments, shopperShipments } from './shipment-view.ts';

export type { OrderItemRow, OrderRow } from './order-record.ts';

/**
 * What the item would refund if it left the order now (cancelled while pending, returned once delivered), with the
 * reasons for anything kept back: shown before the shopper confirms. Null when nothing was paid for it yet.
 */
function refundPreviewOf(order: OrderRow, items: readonly OrderItemRow[], item: OrderItemRow) {
  const leaving = item.status === 'Pending' ? 'Cancelled' : 'Returned';
  const canLeave = item.status === 'Pending' || item.status === 'Delivered' || item.status === 'Return requested';
  if (!canLeave || !isPaidFor(order, leaving)) return null;
  const refund = itemRefund(order, items, item.id);
  return { amount: toRupees(refund.amountPaise), notes: refundNotes(order, refund) };
}

const gstOf = (line: SoldLine) => ({
  rate: line.gstPercent,
  couponShare: toRupees(line.couponSharePaise),
  taxable: toRupees(line.taxablePaise),
  tax: toRupees(line.taxPaise),
});

/** The order as its shopper sees it (order pages, mails); the admin desk sees the same plus its parcels' handling. */
export function shopperView(record: OrderRecord, now: Date = new Date()): OrderDto {
  const { order, items, owner, cardRefund } = record;
  const expiresAt = expiresAtOf(order);
  const sold = soldLinesOf(order, items);
  return {
    _id: order.id,
    orderId: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    userId: { _id: owner.id, name: owner.name, email: owner.email, phone: owner.phone },
    shippingPrice: toRupees(order.shippingPaise),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    couponDiscount: toRupees(order.couponDiscountPaise),
    totalDiscount: toRupees(order.totalDiscountPaise),
    tax: toRupees(order.taxPaise),
    totalPrice: toRupees(order.totalPricePaise),
    finalAmount: toRupees(order.finalPaise),
    pricesIncludeGst: order.pricesIncludeGst,
    shippingAddress: {
      ...order.shippingAddress,
      landmark: order.shippingAddress.landmark ?? '',
      gstin: order.shippingAddress.gstin ?? null,
    },
    status: orderStatusOf(items),
    items: items.map((i, index) => ({
      _id: i.id,
      product: { _id: i.productId, name: i.name, color: i.color, price: toRupees(i.pricePaise), pdImage: [i.image] },
      qty: i.qty,
      discount: toRupees(i.discountPaise),
      gst: gstOf(sold[index]),
      status: i.status,
      cancelReason: i.cancelReason,
      returnReason: i.returnReason,
      returnRejectReason: i.returnRejectReason,
      refunded: toRupees(i.refundedPaise),
      refundNotes: refundNotes(order, i.refundFigures),
      refundPreview: refundPreviewOf(order, items, i),
      deliveredAt: i.deliveredAt?.toISOString() ?? null,
    })),
    canRetryPayment: canRetryPayment(order, items, now),
    expiresAt: expiresAt && expiresAt > now ? expiresAt.toISOString() : null,
    cardRefund: cardRefund && { amount: toRupees(cardRefund.paise), pending: cardRefund.pending },
    invoiceNumber: order.invoiceNumber,
    creditNotes: record.creditNotes.map((note) => ({
      _id: note.id,
      number: note.number,
      itemId: note.orderItemId,
      amount: toRupees(note.amountPaise),
      issuedAt: note.issuedAt.toISOString(),
    })),
    codConfirmation: codConfirmationOf(order, items),
    shipments: shopperShipments(record),
  };
}

/** The order on the admin desk: the shopper's view with every parcel as the desk handles it. */
export function adminView(record: OrderRecord, now: Date = new Date()): AdminOrderView {
  return { ...shopperView(record, now), shipments: adminShipments(record) };
}

/** An order just written, before anything refunded, invoiced or shipped it (the checkout's answer). */
export function toOrderDto(order: OrderRow, items: OrderItemRow[], owner: OrderOwner, now = new Date()): OrderDto {
  return shopperView({ order, items, owner, cardRefund: null, creditNotes: [], shipments: [] }, now);
}

/**
 * A cash-on-delivery order waits for the shopper's confirmation while it is not confirmed, not expired and none of
 * its items has moved past Pending (docs/decisions/036-cod-and-order-limits.md).
 */
export function awaitsCodConfirmation(order: OrderRow, items: readonly OrderItemRow[]): boolean {
  return (
    order.codConfirmBy !== null &&
    order.codConfirmedAt === null &&
    order.expiredAt === null &&
    items.some((i) => i.status === 'Pending') &&
    items.every((i) => i.status === 'Pending' || i.status === 'Cancelled')
  );
}

function codConfirmationOf(order: OrderRow, items: readonly OrderItemRow[]): OrderDto['codConfirmation'] {
  if (!order.codConfirmBy) return null;
  return {
    required: awaitsCodConfirmation(order, items),
    confirmedAt: order.codConfirmedAt?.toISOString() ?? null,
    deadline: order.codConfirmBy.toISOString(),
  };
}

/** Orders matching `where` as their shopper sees them, newest first (docs/decisions/040-order-read-model.md). */
export async function loadOrderDtos(db: DbOrTx, where: SQL | undefined): Promise<OrderDto[]> {
  const now = new Date();
  return (await loadOrderRecords(db, where)).map((record) => shopperView(record, now));
}

export async function loadOrderDto(db: DbOrTx, orderId: string): Promise<OrderDto | null> {
  const record = await loadOrderRecord(db, orderId);
  return record && shopperView(record);
}

/** Orders matching `where` as the admin desk sees them, newest first. */
export async function loadAdminOrders(db: DbOrTx, where: SQL | undefined): Promise<AdminOrderView[]> {
  const now = new Date();
  return (await loadOrderRecords(db, where)).map((record) => adminView(record, now));
}

export async function loadAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrderView | null> {
  const record = await loadOrderRecord(db, orderId);
  return record && adminView(record);
}
