export const COUPON_TYPES = ['single'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** A coupon as the API shows it (docs/product.md §3 Coupon). Money in rupees. */
export interface CouponDto {
  _id: string;
  code: string;
  name: string;
  description: string;
  activation: string;
  expiry: string;
  /** Percent off the cart after offers. */
  discount: number;
  status: boolean;
  minAmount: number;
  /** The largest discount in rupees. */
  maxAmount: number;
  limit: number;
  usedCount: number;
  type: CouponType;
  isReferral: boolean;
  isExist: boolean;
  createdAt: string;
}

export interface CouponListDto {
  coupons: CouponDto[];
  total: number;
  page: number;
  pages: number;
}

/** The coupon applied to a cart: its code, name and percent. */
export interface AppliedCouponDto {
  code: string;
  name: string;
  discount: number;
}
