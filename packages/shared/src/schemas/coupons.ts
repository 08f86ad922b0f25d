import { z } from 'zod';
import { COUPON_MSG as M } from '../coupon-messages.ts';
import { COUPON_TYPES } from '../coupon-types.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { rupeeAmount, timestamp } from './answers.ts';
import { expiryAfterActivation, instantField, numberish, requiredText, rupees } from './fields.ts';

const wholeIn = (error: string, max: number) =>
  numberish(error).refine((v) => Number.isInteger(v) && v > 0 && v <= max, { error });

/** Coupon form (docs/product.md §5 "Coupon and offer"); amounts in rupees, discount in percent. */
export const couponSchema = z
  .strictObject({
    name: requiredText(M.nameRequired).max(TEXT_LIMITS.couponName, { error: M.nameMax }),
    description: requiredText(M.descriptionRequired).max(TEXT_LIMITS.couponDescription, { error: M.descriptionMax }),
    activation: instantField(M.activationRequired),
    expiry: instantField(M.expiryRequired),
    discount: wholeIn(M.discountInvalid, 100),
    status: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: M.statusInvalid }),
    ),
    minAmount: rupees(M.minAmountInvalid, 100_000),
    maxAmount: rupees(M.maxAmountInvalid, 10_000),
    limit: wholeIn(M.limitInvalid, 100),
    type: z.enum(COUPON_TYPES, { error: M.typeInvalid }).default('single'),
  })
  .refine(...expiryAfterActivation(M.expiryAfterActivation))
  .meta({
    // `example`, not `examples`: zod leaves `examples` out of the input side of a transforming schema.
    example: {
      name: 'Diwali 10',
      description: '10% off orders above ₹1,500, up to ₹300',
      activation: '2026-11-01T00:00:00.000+05:30',
      expiry: '2026-11-15T23:59:59.000+05:30',
      discount: 10,
      status: true,
      minAmount: 1500,
      maxAmount: 300,
      limit: 100,
      type: 'single',
    },
  });
export type CouponInput = z.input<typeof couponSchema>;
export type CouponValues = z.output<typeof couponSchema>;

export const applyCouponSchema = z
  .strictObject({
    code: requiredText(M.codeRequired).max(20, { error: M.invalidCode }),
  })
  .meta({ examples: [{ code: 'diwali 10' }] });
export type ApplyCouponInput = z.input<typeof applyCouponSchema>;

export const removeCouponSchema = z.strictObject({}).meta({ examples: [{}] });

// ---- Answers (docs/product.md §3 Coupon): money in rupees.

const COUPON_EXAMPLE = {
  _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c66',
  code: 'Diwali 10',
  name: 'Diwali 10',
  description: '10% off orders above ₹1,500, up to ₹300',
  activation: '2026-10-31T18:30:00.000Z',
  expiry: '2026-11-15T18:29:59.000Z',
  discount: 10,
  status: true,
  minAmount: 1500,
  maxAmount: 300,
  limit: 100,
  usedCount: 14,
  type: 'single',
  isReferral: false,
  isExist: true,
  createdAt: '2026-10-20T05:30:00.000Z',
} as const;

export const couponAnswer = z
  .object({
    _id: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    activation: timestamp,
    expiry: timestamp,
    /** Percent off the cart after offers. */
    discount: z.number(),
    status: z.boolean(),
    minAmount: rupeeAmount,
    /** The largest discount in rupees. */
    maxAmount: rupeeAmount,
    limit: z.int(),
    usedCount: z.int(),
    type: z.enum(COUPON_TYPES),
    isReferral: z.boolean(),
    isExist: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Coupon', examples: [COUPON_EXAMPLE] });

export const couponListAnswer = z
  .object({ coupons: z.array(couponAnswer), total: z.int().nonnegative(), page: z.int(), pages: z.int() })
  .meta({ examples: [{ coupons: [COUPON_EXAMPLE], total: 1, page: 1, pages: 1 }] });

export const couponsAnswer = z
  .object({ coupons: z.array(couponAnswer) })
  .meta({ examples: [{ coupons: [COUPON_EXAMPLE] }] });

export const oneCouponAnswer = z.object({ coupon: couponAnswer }).meta({ examples: [{ coupon: COUPON_EXAMPLE }] });

export const couponChangedAnswer = z
  .object({ message: z.string(), coupon: couponAnswer })
  .meta({ examples: [{ message: M.created, coupon: COUPON_EXAMPLE }] });

/** The coupon applied to a cart: its code, name and percent. */
export const appliedCouponAnswer = z
  .object({ code: z.string(), name: z.string(), discount: z.number() })
  .meta({ examples: [{ code: 'Diwali 10', name: 'Diwali 10', discount: 10 }] });

/** A coupon as the API shows it (docs/product.md §3 Coupon). Money in rupees. */
export type CouponDto = z.infer<typeof couponAnswer>;
export type CouponListDto = z.infer<typeof couponListAnswer>;
/** The coupon applied to a cart: its code, name and percent. */
export type AppliedCouponDto = z.infer<typeof appliedCouponAnswer>;
export type CouponsAnswer = z.infer<typeof couponsAnswer>;
export type OneCouponAnswer = z.infer<typeof oneCouponAnswer>;
export type CouponChangedAnswer = z.infer<typeof couponChangedAnswer>;
