import { type Color, PAGE_SIZES, type SortBy } from '@bagshop/shared/catalogue';
import { type Paise, toPaise } from '@bagshop/shared/pricing/money';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import type { ProductWithRelations } from './product-view.ts';

const productOffer = alias(offers, 'shop_product_offer');
const categoryOffer = alias(offers, 'shop_category_offer');

/** The percent an offer gives this product's unit price now; 0 unless live, unblocked, in its dates and met. */
function offerPercent(offer: typeof productOffer | typeof categoryOffer): SQL<number> {
  return sql<number>`case when ${offer.id} is not null and ${offer.deletedAt} is null and not ${offer.isBlocked}
    and ${offer.activation} <= now() and now() < ${offer.expiry}
    and ${products.pricePaise} >= ${offer.minAmountPaise} then ${offer.discount} else 0 end`;
}

/**
 * Unit price after offer in paise, the SQL twin of unitPrice() in the shared pricing module:
 * price − round-half-up(price × best percent / 100). Integer division of a non-negative number floors;
 * bigint keeps price × percent from overflowing.
 */
export const finalPaiseSql =
  sql<Paise>`(${products.pricePaise}::bigint - (${products.pricePaise}::bigint * greatest(${offerPercent(
    productOffer,
  )}, ${offerPercent(categoryOffer)}) + 50) / 100)`.mapWith(products.pricePaise);

const pricedColumns = {
  product: products,
  category: categories,
  productOffer,
  categoryOffer,
  /** The same figure priceOf() gives, worked out by PostgreSQL. */
  finalPaise: finalPaiseSql,
};

/** Products with their category, both offers and the price after offer. */
export function selectPriced(db: DbOrTx) {
  return db
    .select(pricedColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(productOffer, eq(products.offerId, productOffer.id))
    .leftJoin(categoryOffer, eq(categories.offerId, categoryOffer.id));
}

/** For sale: the product and its category are neither blocked nor deleted (a semi-join: no category columns needed). */
export const availableSql = and(
  isNull(products.deletedAt),
  eq(products.isBlocked, false),
  sql`${products.categoryId} in (select ${categories.id} from ${categories} where ${categories.deletedAt} is null and not ${categories.isBlocked})`,
) as SQL;

/** Words through the full-text index, or a part of the name through the trigram index. */
export function keywordSql(keyword: string): SQL {
  return or(
    sql`${products.search} @@ websearch_to_tsquery('simple', ${keyword})`,
    sql`${products.name} ilike ${containsPattern(keyword)}`,
  ) as SQL;
}

export interface ShopFilters {
  keyword?: string;
  category: string[];
  color: Color[];
  minPrice?: number;
  maxPrice?: number;
  sortBy?: SortBy;
  page: number;
}

const ORDER: Record<SortBy, SQL[]> = {
  priceLowHigh: [asc(finalPaiseSql), desc(products.createdAt)],
  priceHighLow: [desc(finalPaiseSql), desc(products.createdAt)],
  nameAsc: [asc(products.name), desc(products.createdAt)],
  nameDesc: [desc(products.name), desc(products.createdAt)],
  newArrivals: [desc(products.createdAt)],
};

export interface ShopPage {
  rows: ProductWithRelations[];
  total: number;
  page: number;
  pages: number;
}

/**
 * One page of the shop, every filter, price and order worked out by PostgreSQL. The page is picked on
 * narrow rows and counted in a second query running beside it; only its twelve products are read in full.
 */
export async function searchShop(db: DbOrTx, f: ShopFilters): Promise<ShopPage> {
  const sortBy = f.sortBy ?? 'newArrivals';
  const conditions: SQL[] = [availableSql];
  const keyword = f.keyword?.trim();
  if (keyword) conditions.push(keywordSql(keyword));
  if (f.category.length) conditions.push(inArray(products.categoryId, f.category));
  if (f.color.length) conditions.push(inArray(products.color, f.color));
  if (f.minPrice !== undefined) conditions.push(sql`${finalPaiseSql} >= ${toPaise(f.minPrice)}`);
  if (f.maxPrice !== undefined) conditions.push(sql`${finalPaiseSql} <= ${toPaise(f.maxPrice)}`);
  const where = and(...conditions);
  const filtersOnPrice = f.minPrice !== undefined || f.maxPrice !== undefined;
  const size = PAGE_SIZES.shop;

  // The offers are joined only when the price after offer is needed.
  let pick = db.select({ id: products.id }).from(products).$dynamic();
  if (filtersOnPrice || sortBy.startsWith('price')) {
    pick = pick
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(productOffer, eq(products.offerId, productOffer.id))
      .leftJoin(categoryOffer, eq(categories.offerId, categoryOffer.id));
  }
  let count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .$dynamic();
  if (filtersOnPrice) {
    count = count
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(productOffer, eq(products.offerId, productOffer.id))
      .leftJoin(categoryOffer, eq(categories.offerId, categoryOffer.id));
  }
  const [page, [{ total }]] = await Promise.all([
    pick
      .where(where)
      .orderBy(...ORDER[sortBy], desc(products.id))
      .limit(size)
      .offset((f.page - 1) * size),
    count.where(where),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length ? await selectPriced(db).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total,
    page: f.page,
    pages: Math.ceil(total / size),
  };
}
