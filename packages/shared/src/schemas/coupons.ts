import { z } from 'zod';
import { COUPON_MSG as M } from '../coupon-messages.ts';
import { COUPON_TYPES } from '../coupon-types.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { instantField, numberish, requiredText, rupees } from './fields.ts';

const wholeIn = (error: string, max: number) =>
  numberish(error).refine((v) => Number.isInteger(v) && v > 0 && v <= max, { error });

/** Coupon form (docs/product.md §5 "Coupon and offer"); amounts in rupees, discount in percent. */
export const couponSchema = z
  .strictObject({
    name: requiredText(M.nameMax).max(TEXT_LIMITS.couponName, { error: M.nameMax }),
    description: requiredText(M.descriptionMax).max(TEXT_LIMITS.couponDescription, { error: M.descriptionMax }),
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
  .refine((c) => c.expiry.getTime() > c.activation.getTime(), {
    error: M.expiryAfterActivation,
    path: ['expiry'],
    when: (payload) => {
      const v = payload.value as { activation?: unknown; expiry?: unknown };
      return v.activation instanceof Date && v.expiry instanceof Date;
    },
  });
export type CouponInput = z.input<typeof couponSchema>;
export type CouponValues = z.output<typeof couponSchema>;

export const applyCouponSchema = z.strictObject({
  code: requiredText(M.codeRequired).max(20, { error: M.invalidCode }),
});
export type ApplyCouponInput = z.input<typeof applyCouponSchema>;

export const removeCouponSchema = z.strictObject({});
