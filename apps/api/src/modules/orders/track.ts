import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { samePhone } from '@bagshop/shared/phone-numbers';
import type { TrackQuery, TrackResponse } from '@bagshop/shared/schemas/shipping';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { notFound } from '../../platform/errors.ts';
import { loadOrderRecords, type OrderRecord } from './order-record.ts';
import { shopperShipments } from './shipment-view.ts';

/** What /track shows of an order: its number and its parcels, nothing else (docs/decisions/040-order-read-model.md). */
export function trackView(record: OrderRecord): TrackResponse {
  return { orderId: record.order.orderNumber, shipments: shopperShipments(record) };
}

/**
 * Whether `contact` is what the order was placed with: its owner's email (any case), or its owner's or its shipping
 * address's phone, however the number is written (+91, 91 or 0 before it, spaces, dashes).
 */
export function placedWith(record: OrderRecord, contact: string): boolean {
  const typed = contact.trim();
  if (typed.includes('@')) return typed.toLowerCase() === record.owner.email.toLowerCase();
  return samePhone(typed, record.owner.phone) || samePhone(typed, record.order.shippingAddress.phone);
}

/**
 * Public tracking: the order with this number placed with this contact. An unknown number and a wrong contact get
 * the same 404, so the answer never tells whether an order number exists.
 */
export async function trackOrder(db: Db, query: TrackQuery): Promise<TrackResponse> {
  const [record] = await loadOrderRecords(db, eq(orders.orderNumber, query.orderId));
  if (!record || !placedWith(record, query.contact)) throw notFound(ORDER_MSG.orderNotFound);
  return trackView(record);
}
