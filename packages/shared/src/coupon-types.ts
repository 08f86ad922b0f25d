/** The kinds of coupon the shop issues (docs/product.md §3 Coupon); the answer shapes are in schemas/coupons.ts. */
export const COUPON_TYPES = ['single'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
