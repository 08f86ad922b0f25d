import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { and, asc, eq, gt, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, referrals } from '../../db/schema/coupons.ts';
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
