import { addPaise, type Paise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { and, asc, desc, eq, inArray, type SQL, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';
import { users } from '../../db/schema/users.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

export interface OrderOwner {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** Card payments handed back through the provider: their sum and whether one is still on its way. */
export interface CardRefundTotal {
  paise: Paise;
  pending: boolean;
}

/** A parcel with the courier's events, oldest first. */
export interface ShipmentRecord extends ShipmentRow {
  events: ShipmentEventRow[];
}

/**
 * Everything any reader of an order may show, read once (docs/decisions/040-order-read-model.md). Each audience sees
 * it through its own projection (`shopperView`, `adminView`, `invoiceView`, `trackView`), never the record itself.
 */
export interface OrderRecord {
  order: OrderRow;
  /** By name, then id: the order lines are shown, invoiced and refunded in this order. */
  items: OrderItemRow[];
  owner: OrderOwner;
  /** Null when no card payment was handed back. */
  cardRefund: CardRefundTotal | null;
  /** Oldest first. */
  creditNotes: CreditNoteRow[];
  /** Oldest first, cancelled bookings included: each projection decides whether its audience sees them. */
  shipments: ShipmentRecord[];
}

/**
 * The records of the orders matching `where`, newest first, in five queries however many orders match (one when
 * none does): orders with their owners, items, card refunds, credit notes, shipments with their events.
 */
export async function loadOrderRecords(db: DbOrTx, where: SQL | undefined): Promise<OrderRecord[]> {
  const rows = await db
    .select({ order: orders, owner: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
    .from(orders)
    .innerJoin(users, eq(orders.userId, users.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const items = groupBy(
    await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.name), asc(orderItems.id)),
    (item) => item.orderId,
  );
  const refunds = await cardRefundsOf(db, ids);
  const notes = groupBy(
    await db
      .select()
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, ids))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number)),
    (note) => note.orderId,
  );
  const parcels = await shipmentsOf(db, ids);
  return rows.map(({ order, owner }) => ({
    order,
    items: items.get(order.id) ?? [],
    owner,
    cardRefund: refunds.get(order.id) ?? null,
    creditNotes: notes.get(order.id) ?? [],
    shipments: parcels.get(order.id) ?? [],
  }));
}

/** One order's record, or null when there is no such order. */
export async function loadOrderRecord(db: DbOrTx, orderId: string): Promise<OrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const [record] = await loadOrderRecords(db, eq(orders.id, orderId));
  return record ?? null;
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const byKey = new Map<string, T[]>();
  for (const row of rows) {
    const group = byKey.get(keyOf(row));
    if (group) group.push(row);
    else byKey.set(keyOf(row), [row]);
  }
  return byKey;
}

async function cardRefundsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, CardRefundTotal>> {
  const rows = await db
    .select({
      orderId: payments.orderId,
      status: payments.status,
      amountPaise: sum(payments.amountPaise).mapWith(payments.amountPaise),
    })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.status, ['refund_pending', 'refunded'])))
    .groupBy(payments.orderId, payments.status);
  const byOrder = new Map<string, CardRefundTotal>();
  for (const row of rows) {
    if (!row.orderId) continue;
    const seen = byOrder.get(row.orderId) ?? { paise: ZERO_PAISE, pending: false };
    byOrder.set(row.orderId, {
      paise: addPaise(seen.paise, row.amountPaise),
      pending: seen.pending || row.status === 'refund_pending',
    });
  }
  return byOrder;
}

/** The parcels of each order, oldest first, each with its events oldest first: one query, events joined. */
async function shipmentsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, ShipmentRecord[]>> {
  const rows = await db
    .select({ shipment: shipments, event: shipmentEvents })
    .from(shipments)
    .leftJoin(shipmentEvents, eq(shipmentEvents.shipmentId, shipments.id))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(
      asc(shipments.createdAt),
      asc(shipments.id),
      asc(shipmentEvents.at),
      asc(shipmentEvents.createdAt),
      asc(shipmentEvents.id),
    );
  const byId = new Map<string, ShipmentRecord>();
  for (const { shipment, event } of rows) {
    let parcel = byId.get(shipment.id);
    if (!parcel) {
      parcel = { ...shipment, events: [] };
      byId.set(shipment.id, parcel);
    }
    if (event) parcel.events.push(event);
  }
  return groupBy([...byId.values()], (parcel) => parcel.orderId);
}
