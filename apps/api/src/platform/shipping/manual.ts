import {
  type AwbAssignment,
  type Estimate,
  type Pincode,
  type ShippingProvider,
  ShippingProviderError,
} from './provider.ts';

/**
 * Zones a parcel travels through, nearest first (docs/decisions/037-shipping-providers.md). Indian pincodes: the first
 * digit is the postal region, the first two the postal circle (roughly a state), the first three the sorting district.
 */
export const SHIPPING_ZONES = ['local', 'state', 'metro', 'national', 'remote'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export interface ZoneDays {
  earliest: number;
  latest: number;
}

export const DEFAULT_ZONE_DAYS: Record<ShippingZone, ZoneDays> = {
  local: { earliest: 1, latest: 2 },
  state: { earliest: 2, latest: 4 },
  metro: { earliest: 3, latest: 5 },
  national: { earliest: 4, latest: 7 },
  remote: { earliest: 7, latest: 12 },
};

/** Sorting districts of the big cities: Delhi, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad, Pune, Ahmedabad. */
export const METRO_PREFIXES = ['110', '400', '560', '600', '700', '500', '411', '380'] as const;

/**
 * Places couriers reach slowly, by air or sea, often without cash on delivery: Andaman & Nicobar (744), Lakshadweep
 * (682555–682559), the north-eastern hill states (79x: Arunachal Pradesh, Nagaland, Manipur, Mizoram, Meghalaya,
 * Tripura), Sikkim (737) and Ladakh (194).
 */
const REMOTE = [/^744/, /^68255[5-9]/, /^79/, /^737/, /^194/];

/**
 * Postal circles by the first two digits; a circle is a state or a few small ones (Goa is in Maharashtra's, Puducherry
 * in Tamil Nadu's), close enough for "same state" days.
 */
const CIRCLES: [from: number, to: number, circle: string][] = [
  [11, 11, 'Delhi'],
  [12, 13, 'Haryana'],
  [14, 16, 'Punjab'],
  [17, 17, 'Himachal Pradesh'],
  [18, 19, 'Jammu & Kashmir'],
  [20, 28, 'Uttar Pradesh'],
  [30, 34, 'Rajasthan'],
  [36, 39, 'Gujarat'],
  [40, 44, 'Maharashtra'],
  [45, 48, 'Madhya Pradesh'],
  [49, 49, 'Chhattisgarh'],
  [50, 50, 'Telangana'],
  [51, 53, 'Andhra Pradesh'],
  [56, 59, 'Karnataka'],
  [60, 66, 'Tamil Nadu'],
  [67, 69, 'Kerala'],
  [70, 74, 'West Bengal'],
  [75, 77, 'Odisha'],
  [78, 78, 'Assam'],
  [79, 79, 'North East'],
  [80, 85, 'Bihar & Jharkhand'],
];

const PINCODE = /^[1-9]\d{5}$/;

export const isPincode = (value: string): value is Pincode => PINCODE.test(value);

function circleOf(pincode: Pincode): string | null {
  const two = Number(pincode.slice(0, 2));
  return CIRCLES.find(([from, to]) => two >= from && two <= to)?.[2] ?? null;
}

/** The zone of a parcel from `from` to `to`: same sorting district, remote, same circle, a metro, or the rest. */
export function zoneOf(from: Pincode, to: Pincode): ShippingZone {
  if (from.slice(0, 3) === to.slice(0, 3)) return 'local';
  if (REMOTE.some((pattern) => pattern.test(to))) return 'remote';
  const circle = circleOf(from);
  if (circle !== null && circle === circleOf(to)) return 'state';
  if ((METRO_PREFIXES as readonly string[]).includes(to.slice(0, 3))) return 'metro';
  return 'national';
}

export interface ManualOptions {
  zoneDays?: Partial<Record<ShippingZone, ZoneDays>>;
  /** Cash on delivery to remote zones; off by default (couriers there seldom collect cash). */
  codToRemote?: boolean;
}

const AWB = /^[A-Za-z0-9-]{4,40}$/;

/**
 * The administrator books the parcel at any courier's counter and types the courier's name and the AWB; the shop
 * estimates delivery from zones and never calls out. Every step is idempotent: ids come from the order reference.
 */
export function createManualProvider(options: ManualOptions = {}): ShippingProvider {
  const days = { ...DEFAULT_ZONE_DAYS, ...options.zoneDays };
  return {
    name: 'manual',
    async estimate({ pickupPincode, deliveryPincode }): Promise<Estimate> {
      if (!isPincode(pickupPincode) || !isPincode(deliveryPincode)) {
        return { serviceable: false, codAvailable: false, earliestDays: null, latestDays: null, couriers: [] };
      }
      const zone = zoneOf(pickupPincode, deliveryPincode);
      const codAvailable = zone !== 'remote' || options.codToRemote === true;
      const { earliest, latest } = days[zone];
      const option = { id: 'manual', name: 'Courier', estimatedDays: latest, etd: null, codAvailable, ratePaise: null };
      // Any pincode is served by some courier; whether COD is is the zone's rule.
      return { serviceable: true, codAvailable, earliestDays: earliest, latestDays: latest, couriers: [option] };
    },
    async createOrder(request) {
      const { reference } = request;
      return {
        reference,
        providerOrderId: reference,
        shipmentId: reference,
        awb: null,
        courierName: null,
        created: true,
      };
    },
    async assignAwb(shipmentId, { courierName, awb }): Promise<AwbAssignment> {
      const name = courierName?.trim() ?? '';
      const code = awb?.trim() ?? '';
      if (name === '' || name.length > 80) {
        throw new ShippingProviderError('Type the courier’s name (at most 80 characters)');
      }
      if (!AWB.test(code)) throw new ShippingProviderError('Type the AWB: 4 to 40 letters, digits or dashes');
      return { shipmentId, awb: code, courierName: name, courierId: null };
    },
    generateLabel: async () => null,
    schedulePickup: async () => ({ scheduled: false, scheduledFor: null, token: null }),
    track: async () => null,
    cancel: async () => {},
  };
}
