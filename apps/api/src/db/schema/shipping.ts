import {
  SHIPMENT_STATUSES,
  SHIPPING_PROVIDERS,
  type ShipmentStatus,
  type ShippingProviderName,
} from '@bagshop/shared/shipping';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One parcel of an order (docs/decisions/039-shipping.md). `reference` is what the provider knows it by: one per
 * order and item set (and cancelled attempt), so booking the same items again finds the same parcel.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    /** The order items in the parcel. */
    itemIds: uuid('item_ids').array().notNull(),
    provider: text('provider').$type<ShippingProviderName>().notNull(),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    courier: text('courier').notNull(),
    courierId: text('courier_id'),
    awb: text('awb').notNull(),
    trackingUrl: text('tracking_url'),
    courierLabelUrl: text('courier_label_url'),
    pickupScheduledFor: text('pickup_scheduled_for'),
    status: text('status').$type<ShipmentStatus>().notNull().default('booked'),
    /** The courier's expected delivery, YYYY-MM-DD. */
    expectedDelivery: text('expected_delivery'),
    /** When the courier last told us anything (webhook or poll); the polling job asks about quiet parcels. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_reference_key').on(t.reference),
    uniqueIndex('shipments_live_awb_key').on(t.provider, t.awb).where(sql`${t.status} <> 'cancelled'`),
    index('shipments_order_idx').on(t.orderId),
    // The dashboard's RTO rate reads parcels by when they were booked (docs/decisions/041-rto-rate.md).
    index('shipments_created_idx').on(t.createdAt),
    index('shipments_quiet_idx')
      .on(t.lastEventAt)
      .where(sql`${t.status} not in ('delivered', 'returned-to-seller', 'cancelled')`),
    check('shipments_status_known', sql`${t.status} in (${sqlList(SHIPMENT_STATUSES)})`),
    check('shipments_provider_known', sql`${t.provider} in (${sqlList(SHIPPING_PROVIDERS)})`),
  ],
);

/** The parcel's journey as the courier reported it; the same scan reported twice is kept once. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Our reading of the label ('in-transit', 'rto-delivered', 'other'), or 'booked' for the booking itself. */
    kind: text('kind').notNull(),
    /** The courier's words, as it gave them. */
    label: text('label').notNull(),
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_events_once').on(t.shipmentId, t.at, t.label, t.kind)],
);

/** What the courier said about a pincode, kept a day and shared by every process (docs/decisions/039-shipping.md). */
export const shippingEstimates = pgTable('shipping_estimates', {
  pincode: text('pincode').primaryKey(),
  answer: jsonb('answer')
    .$type<{ serviceable: boolean; codAvailable: boolean; earliestDays: number | null; latestDays: number | null }>()
    .notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Tracking webhooks refused for a wrong token, counted per minute by every process (docs/decisions/046-attention.md):
 * many in an hour mean the courier's token and SHIPROCKET_WEBHOOK_TOKEN differ. A flood adds one row a minute.
 */
export const courierWebhookRefusals = pgTable('courier_webhook_refusals', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  refusals: integer('refusals').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Every order item that has left the shop, with the instant it was shipped and whether it came back to the seller:
 * the dashboard's RTO rate counts a period's rows (docs/decisions/041-rto-rate.md, amendment of 2026-12-03). Worked
 * out from order items, orders and parcels by the triggers of migration 0034, never written by the shop's code.
 */
export const rtoItems = pgTable(
  'rto_items',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    cod: boolean('cod').notNull(),
    returnedToSeller: boolean('returned_to_seller').notNull(),
  },
  // The count of a period reads this index alone.
  (t) => [index('rto_items_shipped_idx').on(t.shippedAt, t.cod, t.returnedToSeller)],
);
