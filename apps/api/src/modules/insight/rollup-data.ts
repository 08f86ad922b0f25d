import { addDays, type InsightPeriod } from '@bagshop/shared/insight';
import { asPaise, type Paise } from '@bagshop/shared/pricing/money';
import { and, eq, gt, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { salesRollup, salesRollupProducts } from '../../db/schema/sales-rollup.ts';
import { bucketKeySql } from './bucket-format.ts';
import { addFigures, type Figures, NO_FIGURES } from './sales-book.ts';
import { type SoldProduct, soldProductColumns } from './sales-data.ts';

/** The period's paid orders that keep an item, summed: item figures (net without shipping), shipping, refunds. */
export interface SalesTotals {
  orders: number;
  figures: Figures;
  shippingPaise: Paise;
  refundedPaise: Paise;
}

export interface BucketSales extends SalesTotals {
  key: string;
}

export interface ProductSales {
  product: SoldProduct;
  figures: Figures;
}

export const NO_SALES: SalesTotals = {
  orders: 0,
  figures: NO_FIGURES,
  shippingPaise: asPaise(0),
  refundedPaise: asPaise(0),
};

export function addSales(a: SalesTotals, b: SalesTotals): SalesTotals {
  return {
    orders: a.orders + b.orders,
    figures: addFigures(a.figures, b.figures),
    shippingPaise: asPaise(a.shippingPaise + b.shippingPaise),
    refundedPaise: asPaise(a.refundedPaise + b.refundedPaise),
  };
}

/** A sum of a rollup column: PostgreSQL answers bigint sums as text. */
const total = (column: PgColumn) => sql<Paise>`coalesce(sum(${column}), 0)`.mapWith((v) => asPaise(Number(v)));
const count = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The first day of the month after the one of `ymd`. */
function nextMonth(ymd: string): string {
  const [year, month] = ymd.split('-').map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * A period as whole months and the days at its edges: [from, to) shop days. 12 months are then 11–13 month rows and
 * at most a month of day rows at each end, instead of a row per day.
 */
export function monthsAndDays(period: Pick<InsightPeriod, 'startDate' | 'endDate'>) {
  const end = addDays(period.endDate, 1);
  const firstMonth = period.startDate.endsWith('-01') ? period.startDate : nextMonth(period.startDate);
  const lastMonthEnd = `${end.slice(0, 7)}-01`;
  if (firstMonth >= lastMonthEnd) return { months: null, days: [[period.startDate, end]] as const };
  const edges: [string, string][] = [
    [period.startDate, firstMonth],
    [lastMonthEnd, end],
  ];
  return { months: [firstMonth, lastMonthEnd] as const, days: edges.filter(([from, to]) => from < to) };
}

/** Rows of `grain` whose start lies in [from, to) ('YYYY-MM-DD' days; `asText` writes them as the column holds them). */
function startsIn(
  grainColumn: PgColumn,
  startColumn: PgColumn,
  grain: 'hour' | 'day' | 'month',
  [from, to]: readonly [string, string],
  asText: (ymd: string) => string,
): SQL | undefined {
  return and(eq(grainColumn, grain), gte(startColumn, asText(from)), lt(startColumn, asText(to)));
}

/** The rollup rows that make up the period, with months where whole months fit. */
function coverOf(grainColumn: PgColumn, startColumn: PgColumn, period: InsightPeriod, asText: (ymd: string) => string) {
  const { months, days } = monthsAndDays(period);
  return or(
    ...(months ? [startsIn(grainColumn, startColumn, 'month', months, asText)] : []),
    ...days.map((range) => startsIn(grainColumn, startColumn, 'day', range, asText)),
  );
}

const midnight = (ymd: string) => `${ymd} 00:00:00`;
const asDay = (ymd: string) => ymd;

/** The period's sales per chart bucket (the same keys as `bucketKeyOf`): 24 hours, ≤ 92 days, or months. */
export async function loadBucketSales(db: Db, period: InsightPeriod): Promise<BucketSales[]> {
  const key = bucketKeySql(sql`${salesRollup.startsAt}`, period.bucket);
  const range = [period.startDate, addDays(period.endDate, 1)] as const;
  const rows = await db
    .select({
      key,
      orders: count(salesRollup.orders),
      units: count(salesRollup.units),
      grossPaise: total(salesRollup.grossPaise),
      offerDiscountPaise: total(salesRollup.offerDiscountPaise),
      couponDiscountPaise: total(salesRollup.couponDiscountPaise),
      taxPaise: total(salesRollup.taxPaise),
      netPaise: total(salesRollup.netPaise),
      shippingPaise: total(salesRollup.shippingPaise),
      refundedPaise: total(salesRollup.refundedPaise),
    })
    .from(salesRollup)
    .where(
      period.bucket === 'month'
        ? coverOf(salesRollup.grain, salesRollup.startsAt, period, midnight)
        : startsIn(salesRollup.grain, salesRollup.startsAt, period.bucket, range, midnight),
    )
    .groupBy(key);
  return rows.map(({ key, orders, shippingPaise, refundedPaise, ...figures }) => ({
    key,
    orders,
    figures,
    shippingPaise,
    refundedPaise,
  }));
}

/** The period's sales per product, named as the product is now (a renamed bag stays one row). */
export async function loadProductSales(db: Db, period: InsightPeriod): Promise<ProductSales[]> {
  const sums = db
    .select({
      productId: salesRollupProducts.productId,
      units: sql<number>`sum(${salesRollupProducts.units})`.as('units'),
      grossPaise: sql<Paise>`sum(${salesRollupProducts.grossPaise})`.as('gross_paise'),
      offerDiscountPaise: sql<Paise>`sum(${salesRollupProducts.offerDiscountPaise})`.as('offer_discount_paise'),
      couponDiscountPaise: sql<Paise>`sum(${salesRollupProducts.couponDiscountPaise})`.as('coupon_discount_paise'),
      taxPaise: sql<Paise>`sum(${salesRollupProducts.taxPaise})`.as('tax_paise'),
      netPaise: sql<Paise>`sum(${salesRollupProducts.netPaise})`.as('net_paise'),
    })
    .from(salesRollupProducts)
    .where(coverOf(salesRollupProducts.grain, salesRollupProducts.startsOn, period, asDay))
    .groupBy(salesRollupProducts.productId)
    // A product whose every sale of the period was cancelled or returned is not in the report.
    .having(sql`sum(${salesRollupProducts.units}) <> 0`)
    .as('sums');
  const money = (column: SQL.Aliased<Paise>) => sql<Paise>`${column}`.mapWith((v) => asPaise(Number(v)));
  const rows = await db
    .select({
      ...soldProductColumns,
      units: sql<number>`${sums.units}`.mapWith(Number),
      grossPaise: money(sums.grossPaise),
      offerDiscountPaise: money(sums.offerDiscountPaise),
      couponDiscountPaise: money(sums.couponDiscountPaise),
      taxPaise: money(sums.taxPaise),
      netPaise: money(sums.netPaise),
    })
    .from(sums)
    .innerJoin(products, eq(products.id, sums.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
  return rows.map(({ id, name, brand, categoryId, categoryName, ...figures }) => ({
    product: { id, name, brand, categoryId, categoryName },
    figures,
  }));
}

/**
 * Where the report's `offset`-th order row lies: the first shop day of the period by which more than `offset` orders
 * (that keep an item) were paid, and how many were paid before it; null past the last row. A deep page then skips a
 * day's orders, not a year's.
 */
export async function loadPageStart(
  db: Db,
  period: InsightPeriod,
  offset: number,
): Promise<{ day: string; before: number } | null> {
  const range = [period.startDate, addDays(period.endDate, 1)] as const;
  const days = db
    .select({
      startsAt: salesRollup.startsAt,
      orders: salesRollup.orders,
      before:
        sql<number>`(sum(${salesRollup.orders}) over (order by ${salesRollup.startsAt}) - ${salesRollup.orders})`.as(
          'before',
        ),
    })
    .from(salesRollup)
    .where(and(startsIn(salesRollup.grain, salesRollup.startsAt, 'day', range, midnight), gt(salesRollup.orders, 0)))
    .as('days');
  const [row] = await db
    .select({ startsAt: days.startsAt, before: sql<number>`${days.before}`.mapWith(Number) })
    .from(days)
    .where(sql`${days.before} + ${days.orders} > ${offset}`)
    .orderBy(days.startsAt)
    .limit(1);
  return row ? { day: row.startsAt.slice(0, 10), before: row.before } : null;
}
