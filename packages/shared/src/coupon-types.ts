import type { z } from 'zod';
import type { appliedCouponAnswer, couponAnswer, couponListAnswer } from './schemas/coupons.ts';

export const COUPON_TYPES = ['single'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** A coupon as the API shows it (docs/product.md §3 Coupon). Money in rupees. */
export type CouponDto = z.infer<typeof couponAnswer>;

export type CouponListDto = z.infer<typeof couponListAnswer>;

/** The coupon applied to a cart: its code, name and percent. */
export type AppliedCouponDto = z.infer<typeof appliedCouponAnswer>;
