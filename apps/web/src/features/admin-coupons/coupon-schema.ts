import { TEXT_LIMITS } from '@bagshop/shared/limits';
import { z } from 'zod';
import { COUPON_MSG as M } from './coupon-messages.ts';

const requiredText = (error: string) => z.string({ error }).trim().min(1, { error });
/** Form fields hold text; a number typed into one is read as a number. */
const numberish = (error: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error }));
const rupees = (error: string, max: number) =>
  numberish(error)
    .refine((v) => Number.isFinite(v) && v > 0 && v <= max, { error })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error });
const dateField = (error: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.date({ error }));

/** Spec §5 Coupon and offer, checked on submit; the server checks the same again. */
export const couponFormSchema = z
  .strictObject({
    name: requiredText(M.nameMax).max(TEXT_LIMITS.couponName, { error: M.nameMax }),
    description: requiredText(M.descriptionMax).max(TEXT_LIMITS.couponDescription, { error: M.descriptionMax }),
    activation: dateField(M.activationRequired),
    expiry: dateField(M.expiryRequired),
    discount: numberish(M.discountInvalid).refine((v) => Number.isInteger(v) && v > 0 && v <= 100, {
      error: M.discountInvalid,
    }),
    status: z.enum(['true', 'false']).transform((v) => v === 'true'),
    minAmount: rupees(M.minAmountInvalid, 100000),
    maxAmount: rupees(M.maxAmountInvalid, 10000),
    limit: numberish(M.limitInvalid).refine((v) => Number.isInteger(v) && v > 0 && v <= 100, {
      error: M.limitInvalid,
    }),
    type: z.literal('single', { error: M.typeRequired }),
  })
  .refine((c) => c.expiry.getTime() > c.activation.getTime(), {
    error: M.expiryAfterActivation,
    path: ['expiry'],
    when: (payload) => {
      const v = payload.value as { activation?: unknown; expiry?: unknown };
      return v.activation instanceof Date && v.expiry instanceof Date;
    },
  });

export type CouponFormInput = z.input<typeof couponFormSchema>;
export type CouponValues = z.output<typeof couponFormSchema>;

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
