import type { Paise } from '@bagshop/shared/pricing/money';
import type { ShippingProviderName } from '@bagshop/shared/shipping';

/**
 * A courier service the shop books parcels with (docs/decisions/037-shipping-providers.md): `manual` (the
 * administrator books with any courier and types its name and the AWB; estimates from zones in the settings) and
 * `shiprocket` (its public REST API). Only the shipping module and the start-up wiring use this.
 */
/** A 6-digit Indian pincode: the first digit is the region, the first three the sorting district. */
export type Pincode = string;

export interface EstimateRequest {
  pickupPincode: Pincode;
  deliveryPincode: Pincode;
  weightGrams: number;
  /** True when the shopper would pay cash on delivery. */
  cod: boolean;
}

export interface CourierOption {
  /** The provider's courier id (Shiprocket's courier_company_id); the courier's name for manual. */
  id: string;
  name: string;
  /** Days from pickup to delivery as the courier estimates them. */
  estimatedDays: number | null;
  /** The courier's expected delivery date, YYYY-MM-DD, when it gives one. */
  etd: string | null;
  codAvailable: boolean;
  /** What the courier charges the shop, when known. */
  ratePaise: Paise | null;
}

export interface Estimate {
  /** A courier takes parcels to this pincode (for COD: takes them with cash on delivery, or without it). */
  serviceable: boolean;
  /** Cash on delivery is possible to this pincode. */
  codAvailable: boolean;
  /** Days from dispatch, the fastest and the slowest courier option (null when not serviceable). */
  earliestDays: number | null;
  latestDays: number | null;
  couriers: CourierOption[];
}

export interface ShipmentAddress {
  name: string;
  phone: string;
  email: string;
  line1: string;
  line2?: string;
  city: string;
  /** As addresses spell it, e.g. Karnataka. */
  state: string;
  pincode: Pincode;
}

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  /** Price of one unit, taxes included. */
  unitPricePaise: Paise;
  hsn?: string;
}

export interface ShipmentOrderRequest {
  /** The shop's order reference: one parcel is booked per reference, however often this is called. */
  reference: string;
  orderedAt: Date;
  paymentMethod: 'cod' | 'prepaid';
  /** What the parcel is worth (and what the courier collects when COD). */
  subTotalPaise: Paise;
  deliverTo: ShipmentAddress;
  items: ShipmentItem[];
  parcel: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
}

export interface ShipmentOrder {
  reference: string;
  /** The provider's order id (Shiprocket's order_id; the reference for manual). */
  providerOrderId: string;
  /** What AWB, label and pickup take (Shiprocket's shipment_id; the reference for manual). */
  shipmentId: string;
  /** Set when the provider already assigned one (an order found again after a lost answer). */
  awb: string | null;
  courierName: string | null;
  /** False when an existing order was found instead of a new one created (manual keeps nothing: always true). */
  created: boolean;
}

/** What the administrator chose or typed: Shiprocket takes an optional courier id, manual needs name and AWB. */
export interface AwbRequest {
  courierId?: string;
  courierName?: string;
  awb?: string;
}

export interface AwbAssignment {
  shipmentId: string;
  awb: string;
  courierName: string;
  courierId: string | null;
}

export type ShippingLabel = { kind: 'url'; url: string } | { kind: 'bytes'; contentType: string; bytes: Uint8Array };

export interface PickupBooking {
  scheduled: boolean;
  /** When the courier expects to collect, as the provider says it (null for manual: the admin hands it over). */
  scheduledFor: string | null;
  token: string | null;
}

/** Our reading of a courier's status label (docs/decisions/037-shipping-providers.md). */
export const TRACKING_EVENT_KINDS = [
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'rto-initiated',
  'rto-delivered',
  'other',
] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

export interface TrackingEvent {
  kind: TrackingEventKind;
  /** The courier's status label or activity as it gave it, e.g. 'IN TRANSIT'. */
  label: string;
  /** ISO 8601 with its offset (courier times are Indian Standard Time). */
  at: string;
  location: string | null;
}

export interface ShipmentTracking {
  awb: string;
  currentStatus: string;
  currentKind: TrackingEventKind;
  /** Expected delivery, YYYY-MM-DD, when the courier gives one. */
  etd: string | null;
  /** Oldest first. */
  events: TrackingEvent[];
}

export interface ShippingProvider {
  name: ShippingProviderName;
  estimate(request: EstimateRequest): Promise<Estimate>;
  /** Idempotent by `request.reference`: a second call (or one after a lost answer) returns the first order. */
  createOrder(request: ShipmentOrderRequest): Promise<ShipmentOrder>;
  assignAwb(shipmentId: string, request: AwbRequest): Promise<AwbAssignment>;
  /** Null when the provider makes no label (manual: the courier's own counter does). */
  generateLabel(shipmentId: string): Promise<ShippingLabel | null>;
  schedulePickup(shipmentId: string): Promise<PickupBooking>;
  /** Null when the provider cannot track (manual: the administrator moves the order by hand). */
  track(awb: string): Promise<ShipmentTracking | null>;
  /** Cancels the provider's order (before pickup); cancelling a cancelled order is not an error. */
  cancel(providerOrderId: string): Promise<void>;
}

/** The provider refused or could not be reached. `retryable`: trying again later may work and books nothing twice. */
export class ShippingProviderError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  constructor(message: string, options: { status?: number | null; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ShippingProviderError';
    this.status = options.status ?? null;
    this.retryable = options.retryable ?? false;
  }
}

const EVENT_KIND_OF_LABEL: Record<string, TrackingEventKind> = {
  'PICKED UP': 'picked-up',
  'PICKUP COMPLETE': 'picked-up',
  SHIPPED: 'in-transit',
  'IN TRANSIT': 'in-transit',
  'REACHED AT DESTINATION HUB': 'in-transit',
  'OUT FOR DELIVERY': 'out-for-delivery',
  DELIVERED: 'delivered',
  'RTO INITIATED': 'rto-initiated',
  'RTO DELIVERED': 'rto-delivered',
};

/**
 * Reads a courier status label ('IN TRANSIT', 'In-Transit', 'rto_delivered' alike) as our event kind. Labels are
 * matched whole: 'UNDELIVERED' or 'RTO IN TRANSIT' are `other`, never `delivered` or `in-transit`.
 */
export function trackingEventKind(label: string): TrackingEventKind {
  const normal = label
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');
  return EVENT_KIND_OF_LABEL[normal] ?? 'other';
}
