/** Who books the shop's parcels (docs/decisions/037-shipping-providers.md). */
export const SHIPPING_PROVIDERS = ['manual', 'shiprocket'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDERS)[number];

/** Hours between two tracking polls of a shipment that has not been delivered or returned. */
export const DEFAULT_SHIPPING_POLL_HOURS = 6;
/** Cash-on-delivery parcels a shopper may have refused (returned to origin) before COD is no longer offered. */
export const DEFAULT_COD_RTO_LIMIT = 2;
/** Where the shop's parcels are picked up: the seller's pincode (six digits, not starting with 0). */
export const DEFAULT_SELLER_PINCODE = '560001';

/**
 * Where a parcel is, in the order it gets there: a status never moves back (a late or replayed courier event only
 * adds to the timeline). `rto-initiated` may follow any status before `delivered`; `cancelled` only `booked`.
 */
export const SHIPMENT_STATUSES = [
  'booked',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'rto-initiated',
  'delivered',
  'returned-to-seller',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** A shipment that has reached one of these no longer changes. */
export const FINAL_SHIPMENT_STATUSES: ReadonlySet<ShipmentStatus> = new Set([
  'delivered',
  'returned-to-seller',
  'cancelled',
]);

/** How far along each status is: an event moves a shipment only to a status further along. */
export const SHIPMENT_STATUS_RANK: Record<ShipmentStatus, number> = {
  booked: 0,
  'picked-up': 1,
  'in-transit': 2,
  'out-for-delivery': 3,
  'rto-initiated': 4,
  delivered: 5,
  'returned-to-seller': 5,
  cancelled: 5,
};

/** The next status of a shipment after a courier event, or null when the event leaves it where it is. */
export function nextShipmentStatus(current: ShipmentStatus, reached: ShipmentStatus): ShipmentStatus | null {
  if (FINAL_SHIPMENT_STATUSES.has(current) || reached === 'cancelled' || reached === 'booked') return null;
  if (current === 'rto-initiated' && reached !== 'returned-to-seller') return null;
  return SHIPMENT_STATUS_RANK[reached] > SHIPMENT_STATUS_RANK[current] ? reached : null;
}

/** A shipment may be cancelled (and its items go back to Pending) until the courier has picked it up. */
export const canCancelShipment = (status: ShipmentStatus) => status === 'booked';

/** A shopper's address pincode: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
/** Days a refused cash-on-delivery parcel counts against the shopper (`COD_RTO_LIMIT`). */
export const COD_RTO_WINDOW_DAYS = 180;
