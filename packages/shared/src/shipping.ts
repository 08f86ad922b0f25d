/** Who books the shop's parcels (docs/decisions/037-shipping-providers.md). */
export const SHIPPING_PROVIDERS = ['manual', 'shiprocket'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDERS)[number];

/** Hours between two tracking polls of a shipment that has not been delivered or returned. */
export const DEFAULT_SHIPPING_POLL_HOURS = 6;
/** Cash-on-delivery parcels a shopper may have refused (returned to origin) before COD is no longer offered. */
export const DEFAULT_COD_RTO_LIMIT = 2;
/** Where the shop's parcels are picked up: the seller's pincode (six digits, not starting with 0). */
export const DEFAULT_SELLER_PINCODE = '560001';
