import { toRupees } from '@bagshop/shared/pricing/money';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import type { CouponRow } from './coupon-rules.ts';

export function toCouponDto(c: CouponRow): CouponDto {
  return {
    _id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    activation: c.activation.toISOString(),
    expiry: c.expiry.toISOString(),
    discount: c.discount,
    status: c.status,
    minAmount: toRupees(c.minAmountPaise),
    maxAmount: toRupees(c.maxAmountPaise),
    limit: c.usageLimit,
    usedCount: c.usedCount,
    type: 'single',
    isReferral: c.isReferral,
    isExist: !c.isBlocked,
    createdAt: c.createdAt.toISOString(),
  };
}
