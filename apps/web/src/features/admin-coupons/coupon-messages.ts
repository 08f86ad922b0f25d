/**
 * Texts of the admin coupon screens beyond the shared ones of docs/product.md §8 (those are in
 * @bagshop/shared/coupon-messages).
 */
export const COUPON_SCREEN_TEXT = {
  loadFailed: 'Could not load the coupon.',
  listFailed: 'Could not load the coupons.',
  none: 'No coupons yet.',
  copied: 'Copied to clipboard!',
  copyFailed: 'Copy failed',
  nameHint: 'Shoppers type this name as the coupon code, in any case.',
} as const;

/** The form fields that can carry a server message of their own. */
export const COUPON_FIELDS = [
  'name',
  'description',
  'activation',
  'expiry',
  'discount',
  'status',
  'minAmount',
  'maxAmount',
  'limit',
  'type',
] as const;
