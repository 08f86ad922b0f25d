import type { Paise } from '@bagshop/shared/pricing/money';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Coupons (docs/product.md §3): percent off the cart after offers, capped at maxAmount, limited uses, single use per
 * user.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The name as the administrator typed it: what shoppers enter, in any case. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    activation: timestamp('activation', { withTimezone: true }).notNull(),
    expiry: timestamp('expiry', { withTimezone: true }).notNull(),
    discount: integer('discount').notNull(),
    /** Active (true) or Inactive (false), as the admin form sets it. */
    status: boolean('status').notNull().default(true),
    minAmountPaise: integer('min_amount_paise').$type<Paise>().notNull(),
    maxAmountPaise: integer('max_amount_paise').$type<Paise>().notNull(),
    usageLimit: integer('usage_limit').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    /** A referral coupon is given to new users who register with a referral code. */
    isReferral: boolean('is_referral').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_live_idx').on(sql`upper(${t.code})`).where(sql`${t.deletedAt} is null`),
    // The name is the code shoppers type, in any case (docs/product.md §12.2).
    uniqueIndex('coupons_name_live_idx').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    check('coupons_discount_range', sql`${t.discount} between 1 and 100`),
    check('coupons_used_within_limit', sql`${t.usedCount} between 0 and ${t.usageLimit}`),
    check('coupons_dates', sql`${t.expiry} > ${t.activation}`),
    index('coupons_created_idx').on(t.createdAt),
  ],
);

/** One use per user and coupon, written in the order's transaction; removed when an unpaid order expires. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/** The coupon a shopper applied to the cart, redeemed when the order is placed. */
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each user can get one 8-character referral code. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_idx').on(t.code)],
);

/** Who referred whom; the bonus is paid once the referred user has verified the email. */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: uuid('referred_user_id')
      .primaryKey()
      .references(() => users.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    bonusPaidAt: timestamp('bonus_paid_at', { withTimezone: true }),
    /** The referred email's person key (case, `+tag` and Gmail dots removed): one bonus per person, not mailbox. */
    referredPersonKey: text('referred_person_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId),
    index('referrals_referrer_person_idx').on(t.referrerId, t.referredPersonKey),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredUserId}`),
  ],
);
