import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import type { Paise } from '@bagshop/shared/pricing/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartCoupons, coupons } from '../../db/schema/coupons.ts';
import { validationError } from '../../platform/errors.ts';
import { problemFor } from './coupon-rules.ts';

// The cart prices its applied coupon with these; placing and expiring orders redeem and release it
// (docs/decisions/015-enforced-layers.md).
export {
  type AppliedCoupon,
  appliedCouponFor,
  couponTermsOf,
  hasCouponOnCart,
  redeemCoupon,
  releaseCoupon,
} from './coupon-rules.ts';

/**
 * Stores the coupon whose name is this code (any case, docs/product.md §12.2) on the shopper's cart when it can be used on a cart of this value (after offers)
 * now; the cart module prices the cart itself.
 */
export async function putCouponOnCart(db: Db, userId: string, code: string, cartAfterOffersPaise: Paise) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(sql`lower(${coupons.name}) = lower(${code.trim()})`, isNull(coupons.deletedAt)));
  if (!row) throw validationError({ code: COUPON_MSG.invalidCode });
  const problem = await problemFor(db, row, userId, cartAfterOffersPaise);
  if (problem) throw validationError({ code: problem });
  await db
    .insert(cartCoupons)
    .values({ userId, couponId: row.id })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { couponId: row.id, appliedAt: new Date() } });
}

export async function takeCouponOffCart(db: Db, userId: string): Promise<void> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}
