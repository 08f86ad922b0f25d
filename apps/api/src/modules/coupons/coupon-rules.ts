import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import type { CouponTerms } from '@bagshop/shared/pricing/cart';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { OrderCouponTerms } from '@bagshop/shared/pricing/refunds';
import type { AppliedCouponDto } from '@bagshop/shared/schemas/coupons';
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cartCoupons, couponRedemptions, coupons, referrals } from '../../db/schema/coupons.ts';
import { AppError } from '../../platform/errors.ts';

/** The public face of the coupons module: the rules the cart, checkout and order expiry share. */
export type CouponRow = typeof coupons.$inferSelect;

export interface CouponContext {
  now: Date;
  /** Cart total after offers, in paise: what minAmount is compared to. */
  cartAfterOffersPaise: Paise;
  usedByUser: boolean;
  /** The shopper registered with someone's referral code. */
  referred: boolean;
}

/** Why this coupon cannot be used now, or null when it can (docs/product.md §12.2). */
export function couponProblem(c: CouponRow, ctx: CouponContext): string | null {
  if (c.deletedAt || c.isBlocked || (c.isReferral && !ctx.referred)) return COUPON_MSG.invalidCode;
  if (!c.status) return COUPON_MSG.inactive;
  if (ctx.now < c.activation) return COUPON_MSG.notStarted;
  if (ctx.now >= c.expiry) return COUPON_MSG.expired;
  if (ctx.usedByUser) return COUPON_MSG.alreadyUsed;
  if (c.usedCount >= c.usageLimit) return COUPON_MSG.fullyUsed;
  if (ctx.cartAfterOffersPaise < c.minAmountPaise) return COUPON_MSG.minAmount(c.minAmountPaise);
  return null;
}

export async function isReferred(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: referrals.referredUserId })
    .from(referrals)
    .where(eq(referrals.referredUserId, userId));
  return rows.length > 0;
}

export async function hasRedeemed(db: DbOrTx, couponId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return rows.length > 0;
}

export async function problemFor(db: DbOrTx, c: CouponRow, userId: string, cartAfterOffersPaise: Paise) {
  return couponProblem(c, {
    now: new Date(),
    cartAfterOffersPaise,
    usedByUser: await hasRedeemed(db, c.id, userId),
    referred: c.isReferral ? await isReferred(db, userId) : false,
  });
}

export interface AppliedCoupon {
  row: CouponRow;
  view: AppliedCouponDto;
  /** Why it no longer applies; null when it does. */
  problem: string | null;
  /** For cartSummary; null when it no longer applies. */
  terms: CouponTerms | null;
}

/** The coupon's terms as an order keeps them, for refunds of a part of the order. */
export function couponTermsOf(c: CouponRow): OrderCouponTerms {
  return { discount: c.discount, minAmountPaise: c.minAmountPaise, maxAmountPaise: c.maxAmountPaise };
}

/**
 * Whether the shopper in `userId` has a coupon on the cart, to select beside the cart's lines: a cart without one
 * (most carts) need not ask appliedCouponFor.
 */
export function hasCouponOnCart(userId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${cartCoupons} where ${cartCoupons.userId} = ${userId})`;
}

/** The coupon stored on the shopper's cart, with whether it still applies to a cart of this value. */
export async function appliedCouponFor(
  db: DbOrTx,
  userId: string,
  cartAfterOffersPaise: Paise,
): Promise<AppliedCoupon | null> {
  const [found] = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.userId, userId));
  if (!found) return null;
  const row = found.coupon;
  const problem = await problemFor(db, row, userId, cartAfterOffersPaise);
  return {
    row,
    view: { code: row.code, name: row.name, discount: row.discount },
    problem,
    terms: problem ? null : { discount: row.discount, maxAmountPaise: row.maxAmountPaise },
  };
}

/**
 * Uses the coupon for an order, inside the order's transaction: the conditional count update cannot pass the limit
 * however many checkouts race (each waits for the row), and the redemption key allows one use per shopper.
 */
export async function redeemCoupon(tx: Tx, input: { couponId: string; userId: string; orderId: string }) {
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, input.couponId), lt(coupons.usedCount, coupons.usageLimit)))
    .returning({ id: coupons.id });
  if (counted.length === 0) throw new AppError('CONFLICT', COUPON_MSG.fullyUsed);
  const redeemed = await tx
    .insert(couponRedemptions)
    .values(input)
    .onConflictDoNothing({ target: [couponRedemptions.couponId, couponRedemptions.userId] })
    .returning({ id: couponRedemptions.couponId });
  if (redeemed.length === 0) throw new AppError('CONFLICT', COUPON_MSG.alreadyUsed);
  await tx.delete(cartCoupons).where(eq(cartCoupons.userId, input.userId));
}

/** Gives back the use an order took (an unpaid order that expired), inside the caller's transaction. */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.usedCount, 0)));
  }
}
