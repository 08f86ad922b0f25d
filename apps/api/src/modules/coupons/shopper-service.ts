import type { CartDto } from '@bagshop/shared/catalogue-types';
import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import type { CouponDto } from '@bagshop/shared/coupon-types';
import { toPaise } from '@bagshop/shared/pricing/money';
import { and, asc, eq, gt, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartCoupons, couponRedemptions, coupons, referrals } from '../../db/schema/coupons.ts';
import { validationError } from '../../platform/errors.ts';
import { cartOf } from '../cart/service.ts';
import { problemFor } from './coupon-rules.ts';
import { toCouponDto } from './coupon-view.ts';

/** Coupons this shopper can use now: active, live, within dates, uses left, not used by them; referral ones only
 * for shoppers who registered with a referral code. */
export async function openCoupons(db: Db, userId: string): Promise<CouponDto[]> {
  const now = new Date();
  const usedByUser = sql`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id} and ${couponRedemptions.userId} = ${userId})`;
  const referred = sql`exists (select 1 from ${referrals} where ${referrals.referredUserId} = ${userId})`;
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.status, true),
        eq(coupons.isBlocked, false),
        isNull(coupons.deletedAt),
        lte(coupons.activation, now),
        gt(coupons.expiry, now),
        lt(coupons.usedCount, coupons.usageLimit),
        not(usedByUser),
        or(eq(coupons.isReferral, false), referred),
      ),
    )
    .orderBy(asc(coupons.expiry), asc(coupons.id));
  return rows.map(toCouponDto);
}

/** Stores the coupon on the cart when it can be used on this cart now; the server prices the cart itself. */
export async function applyCoupon(db: Db, userId: string, code: string): Promise<CartDto> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`, isNull(coupons.deletedAt)));
  if (!row) throw validationError({ code: COUPON_MSG.invalidCode });
  const cart = await cartOf(db, userId);
  const afterOffers = toPaise(cart.summary.totalPrice - cart.summary.discount);
  const problem = await problemFor(db, row, userId, afterOffers);
  if (problem) throw validationError({ code: problem });
  await db
    .insert(cartCoupons)
    .values({ userId, couponId: row.id })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { couponId: row.id, appliedAt: new Date() } });
  return cartOf(db, userId);
}

export async function removeCoupon(db: Db, userId: string): Promise<CartDto> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  return cartOf(db, userId);
}
