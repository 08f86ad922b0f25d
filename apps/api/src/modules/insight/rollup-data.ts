import { addDays, type Bucket, type InsightPeriod } from '@bagshop/shared/insight';
import { asPaise, type Paise } from '@bagshop/shared/pricing/money';
import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { salesDayProducts, salesHours } from '../../db/schema/sales-rollup.ts';
import { addFigures, type Figures, NO_FIGURES } from './sales-book.ts';
import type { SoldProduct } from './sales-data.ts';

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

const BUCKET_FORMAT: Record<Bucket, string> = { hour: 'YYYY-MM-DD"T"HH24', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The rollup's hours of the period: its first shop day from midnight to the midnight after its last. */
const hoursOf = (period: InsightPeriod): SQL | undefined =>
  and(
    gte(salesHours.shopHour, `${period.startDate} 00:00:00`),
    lt(salesHours.shopHour, `${addDays(period.endDate, 1)} 00:00:00`),
  );

/** The period's sales per chart bucket (the same keys as `bucketKeyOf`), from at most 24 × 366 rows a year. */
export async function loadBucketSales(db: Db, period: InsightPeriod): Promise<BucketSales[]> {
  // The format is one of three constants, written into the statement so GROUP BY sees the same expression.
  const key = sql<string>`to_char(${salesHours.shopHour}, ${sql.raw(`'${BUCKET_FORMAT[period.bucket]}'`)})`;
  const rows = await db
    .select({
      key,
      orders: count(salesHours.orders),
      units: count(salesHours.units),
      grossPaise: total(salesHours.grossPaise),
      offerDiscountPaise: total(salesHours.offerDiscountPaise),
      couponDiscountPaise: total(salesHours.couponDiscountPaise),
      taxPaise: total(salesHours.taxPaise),
      netPaise: total(salesHours.netPaise),
      shippingPaise: total(salesHours.shippingPaise),
      refundedPaise: total(salesHours.refundedPaise),
    })
    .from(salesHours)
    .where(hoursOf(period))
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
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      categoryId: categories.id,
      categoryName: categories.name,
      units: count(salesDayProducts.units),
      grossPaise: total(salesDayProducts.grossPaise),
      offerDiscountPaise: total(salesDayProducts.offerDiscountPaise),
      couponDiscountPaise: total(salesDayProducts.couponDiscountPaise),
      taxPaise: total(salesDayProducts.taxPaise),
      netPaise: total(salesDayProducts.netPaise),
    })
    .from(salesDayProducts)
    .innerJoin(products, eq(products.id, salesDayProducts.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(gte(salesDayProducts.shopDay, period.startDate), lte(salesDayProducts.shopDay, period.endDate)))
    .groupBy(products.id, categories.id)
    // A product whose every sale of the period was cancelled or returned is not in the report.
    .having(sql`sum(${salesDayProducts.units}) <> 0`);
  return rows.map(({ id, name, brand, categoryId, categoryName, ...figures }) => ({
    product: { id, name, brand, categoryId, categoryName },
    figures,
  }));
}
