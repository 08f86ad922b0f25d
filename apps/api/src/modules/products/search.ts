import { type Color, PAGE_SIZES, type SortBy } from '@bagshop/shared/catalogue';
import { toPaise } from '@bagshop/shared/pricing/money';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, products } from '../../db/schema/catalogue.ts';

/** The columns a product card needs, and nothing else (the price after offer is stored: see sale-prices.ts). */
export const cardColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  images: products.images,
  pricePaise: products.pricePaise,
  offerPercent: products.offerPercent,
  finalPricePaise: products.finalPricePaise,
  quantity: products.quantity,
  ratingSum: products.ratingSum,
  ratingCount: products.ratingCount,
};

export function selectCards(db: DbOrTx) {
  return db.select(cardColumns).from(products);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['where']>>[number];

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
  priceLowHigh: [asc(products.finalPricePaise), desc(products.createdAt)],
  priceHighLow: [desc(products.finalPricePaise), desc(products.createdAt)],
  nameAsc: [asc(products.name), desc(products.createdAt)],
  nameDesc: [desc(products.name), desc(products.createdAt)],
  newArrivals: [desc(products.createdAt)],
};

export interface ShopPage {
  rows: CardRow[];
  total: number;
  page: number;
  pages: number;
}

/**
 * One page of the shop, every filter and order worked out by PostgreSQL on the stored price after offer, each order
 * read off its own index (migration 0011). The page's cards and their count are two queries running side by side.
 */
export async function searchShop(db: DbOrTx, f: ShopFilters): Promise<ShopPage> {
  const sortBy = f.sortBy ?? 'newArrivals';
  const conditions: SQL[] = [availableSql];
  const keyword = f.keyword?.trim();
  if (keyword) conditions.push(keywordSql(keyword));
  if (f.category.length) conditions.push(inArray(products.categoryId, f.category));
  if (f.color.length) conditions.push(inArray(products.color, f.color));
  if (f.minPrice !== undefined) conditions.push(gte(products.finalPricePaise, toPaise(f.minPrice)));
  if (f.maxPrice !== undefined) conditions.push(lte(products.finalPricePaise, toPaise(f.maxPrice)));
  const where = and(...conditions);
  const size = PAGE_SIZES.shop;
  const order = [...ORDER[sortBy], desc(products.id)];
  // The page's ids first (an index-only scan over the rows before it), then only its twelve rows are read.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((f.page - 1) * size);
  const [rows, [{ total }]] = await Promise.all([
    selectCards(db)
      .where(inArray(products.id, pageIds))
      .orderBy(...order),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  return { rows, total, page: f.page, pages: Math.ceil(total / size) };
}
