import type { Paise } from '@bagshop/shared/pricing/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

/** The stretches of shop time the rollup sums over: hours for "Today", days, and months for long periods. */
export const SALES_GRAINS = ['hour', 'day', 'month'] as const;
export type SalesGrain = (typeof SALES_GRAINS)[number];

/** Money summed over many orders outgrows 32 bits; the sums stay exact JavaScript numbers far beyond any shop's trade. */
const money = (name: string) =>
  bigint(name, { mode: 'number' })
    .$type<Paise>()
    .notNull()
    .default(0 as Paise);

const itemFigures = () => ({
  units: integer('units').notNull().default(0),
  grossPaise: money('gross_paise'),
  offerDiscountPaise: money('offer_discount_paise'),
  couponDiscountPaise: money('coupon_discount_paise'),
  taxPaise: money('tax_paise'),
  /** The items' net: gross − offer − coupon + tax (no shipping). */
  netPaise: money('net_paise'),
});

/**
 * The paid orders that still keep an item, summed per hour, day and month of the shop's clock (India time) in which
 * they were paid; kept up to date in the transactions that pay an order and that cancel or return an item
 * (docs/decisions/022-sales-rollup.md).
 */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    grain: text('grain').$type<SalesGrain>().notNull(),
    /** The shop's clock at the start of the hour, day or month: 2026-11-24 09:00 is 03:30 UTC. */
    startsAt: timestamp('starts_at', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    ...itemFigures(),
    shippingPaise: money('shipping_paise'),
    refundedPaise: money('refunded_paise'),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.startsAt] }),
    check('sales_rollup_grain', sql`${t.grain} in ('hour', 'day', 'month')`),
  ],
);

/** The kept items of the paid orders, per product and shop day or month of their payment. */
export const salesRollupProducts = pgTable(
  'sales_rollup_products',
  {
    grain: text('grain').$type<Exclude<SalesGrain, 'hour'>>().notNull(),
    /** The shop day, or the first day of the shop month. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    ...itemFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.startsOn, t.productId] }),
    check('sales_rollup_products_grain', sql`${t.grain} in ('day', 'month')`),
  ],
);
