import type { Paise } from '@bagshop/shared/pricing/money';
import { bigint, date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

/** Money summed over many orders outgrows 32 bits; the sums stay exact JavaScript numbers far beyond any shop's trade. */
const money = (name: string) =>
  bigint(name, { mode: 'number' })
    .$type<Paise>()
    .notNull()
    .default(0 as Paise);

/**
 * The paid orders that still have a kept item, summed per shop hour (India time) of their payment, kept up to date in
 * the transactions that pay an order and that cancel or return an item (docs/decisions/022-sales-rollup.md).
 * net = the items' net (gross − offer − coupon + tax), without the shipping.
 */
export const salesHours = pgTable('sales_hours', {
  /** The shop's clock in India, to the hour: 2026-11-24 09:00 is 03:30 UTC. */
  shopHour: timestamp('shop_hour', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  units: integer('units').notNull().default(0),
  grossPaise: money('gross_paise'),
  offerDiscountPaise: money('offer_discount_paise'),
  couponDiscountPaise: money('coupon_discount_paise'),
  taxPaise: money('tax_paise'),
  netPaise: money('net_paise'),
  shippingPaise: money('shipping_paise'),
  refundedPaise: money('refunded_paise'),
});

/** The kept items of the paid orders, per shop day of their payment and product. */
export const salesDayProducts = pgTable(
  'sales_day_products',
  {
    shopDay: date('shop_day', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    units: integer('units').notNull().default(0),
    grossPaise: money('gross_paise'),
    offerDiscountPaise: money('offer_discount_paise'),
    couponDiscountPaise: money('coupon_discount_paise'),
    taxPaise: money('tax_paise'),
    netPaise: money('net_paise'),
  },
  (t) => [primaryKey({ columns: [t.shopDay, t.productId] })],
);
