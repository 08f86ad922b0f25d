import { type Color, PAGE_SIZES, type SortBy } from '@bagshop/shared/catalogue';
import { toPaise } from '@bagshop/shared/pricing/money';
import { and, asc, type Column, desc, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { searchSynonyms } from '../../db/schema/search.ts';
import { closestWords } from './closest-words.ts';
import { nearWords } from './near-words.ts';

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

/**
 * For sale: the product and its category are neither blocked nor deleted. The categories for sale are worked out
 * first, as one array (an InitPlan), so every order is read off its index with the category as an index condition.
 * As a semi-join its plan hung on the statistics of `categories`, which autovacuum never gathers for a table of a
 * few rows: guessing, PostgreSQL sorted every product for a deep page (docs/decisions/019-catalogue-reads.md).
 */
export const availableSql = and(
  isNull(products.deletedAt),
  // Written as the partial indexes' predicate says it: a bound `= $1` would keep a generic plan off those indexes.
  sql`not ${products.isBlocked}`,
  sql`${products.categoryId} = any(array(select ${categories.id} from ${categories} where ${categories.deletedAt} is null and not ${categories.isBlocked}))`,
) as SQL;

export interface ShopFilters {
  keyword?: string;
  category: string[];
  color: Color[];
  minPrice?: number;
  maxPrice?: number;
  sortBy?: SortBy;
  page: number;
}

/** The columns a shop order reads: the products' own, or the same columns of the keyword's matches. */
interface OrderColumns {
  id: Column;
  createdAt: Column;
  finalPricePaise: Column;
  name: Column;
}

/** Each order, ending in the id so that pages never overlap. */
function orderOf(sortBy: SortBy, c: OrderColumns): SQL[] {
  const first: Record<SortBy, SQL[]> = {
    priceLowHigh: [asc(c.finalPricePaise)],
    priceHighLow: [desc(c.finalPricePaise)],
    nameAsc: [asc(c.name)],
    nameDesc: [desc(c.name)],
    newArrivals: [],
  };
  return [...first[sortBy], desc(c.createdAt), desc(c.id)];
}

export interface ShopPage {
  rows: CardRow[];
  total: number;
  page: number;
  pages: number;
  /** How many of the last rows are near matches of the keyword rather than matches. */
  nearMatches: number;
  /** With a keyword: how many products matched it (near matches not counted). */
  matched: number;
  /** When nothing matched the keyword: the words of the near matches' names closest to it. */
  didYouMean?: string;
}

/** Which filters a query has: each combination, with the order, is one statement built once. */
interface ShopShape {
  sortBy: SortBy;
  keyword: boolean;
  category: boolean;
  color: boolean;
  minPrice: boolean;
  maxPrice: boolean;
}

/** The values of a shape's placeholders. */
type ShopValues = {
  offset: number;
  keyword?: string;
  pattern?: string;
  category?: string[];
  color?: Color[];
  minPaise?: number;
  maxPaise?: number;
};

/**
 * The keyword as a full-text query, or'ed with the same words where each word the administrator made a synonym is
 * replaced by what it means ("purse" → "handbag"): one query, so one scan of the full-text index either way. The
 * synonyms are read in the statement itself (a tiny table, by its key), so a change reaches the next search.
 */
function keywordQuery(keyword: unknown): SQL {
  return sql`websearch_to_tsquery('simple', ${keyword}) || websearch_to_tsquery('simple', coalesce((
    select string_agg(coalesce(s.means, w.word), ' ' order by w.n)
    from regexp_split_to_table(lower(${keyword}), '[[:space:]]+') with ordinality as w(word, n)
    left join ${searchSynonyms} s on s.word = w.word), ''))`;
}

/** Categories, colours and prices: the conditions besides the keyword. */
function filterConditions(shape: ShopShape): SQL[] {
  const conditions: SQL[] = [];
  if (shape.category) conditions.push(sql`${products.categoryId} = any(${sql.placeholder('category')}::uuid[])`);
  if (shape.color) conditions.push(sql`${products.color} = any(${sql.placeholder('color')}::text[])`);
  if (shape.minPrice) conditions.push(gte(products.finalPricePaise, sql.placeholder('minPaise')));
  if (shape.maxPrice) conditions.push(lte(products.finalPricePaise, sql.placeholder('maxPaise')));
  return conditions;
}

/**
 * Products close to the keyword though not matches of it ("handbga", "bakcpack"): the ordinary full-text search for
 * the words typed, each word standing also for its close words among the names for sale (near-words.ts), with the
 * same filters; the names with the closest word of each first, then the chosen order. Asked only when the matches
 * fill less than the first page (decision 048 and its amendment of 2026-12-03): a few thousand words are searched
 * for the close ones instead of every name, and the names are found by the full-text index with no trigram
 * arithmetic per product.
 */
function nearStatement(db: DbOrTx, shape: ShopShape, name: string) {
  const near = nearWords(db, sql.placeholder('keyword'));
  return db
    .with(near)
    .select(cardColumns)
    .from(products)
    .where(
      and(
        availableSql,
        ...filterConditions(shape),
        sql`${products.search} @@ (select ${near.alternatives} from ${near})`,
      ),
    )
    .orderBy(desc(sql`${products.search} @@ (select ${near.best} from ${near})`), ...orderOf(shape.sortBy, products))
    .limit(PAGE_SIZES.shop)
    .prepare(name && `${name}_near`);
}

function buildShopStatements(db: DbOrTx, shape: ShopShape, name: string) {
  const conditions: SQL[] = [availableSql];
  if (shape.keyword) {
    // Words through the full-text index, or a part of the name through the trigram index. The words are parsed once
    // (a scalar subquery): written inline, a generic plan parsed them again for every row the bitmap rechecks.
    conditions.push(
      or(
        sql`${products.search} @@ (select ${keywordQuery(sql.placeholder('keyword'))})`,
        sql`${products.name} ilike ${sql.placeholder('pattern')}`,
      ) as SQL,
    );
  }
  const filters = filterConditions(shape);
  conditions.push(...filters);
  const where = and(...conditions);
  const near = shape.keyword ? nearStatement(db, shape, name) : null;
  const order = orderOf(shape.sortBy, products);
  const count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(where)
    .prepare(name && `${name}_count`);
  if (shape.keyword) {
    // A keyword's matches come from one bitmap scan of the two text indexes and have to be read and sorted whole
    // for any page; the page and its count share that one scan (a CTE used twice is worked out once).
    const matches = db.$with('matches').as(
      db
        .select({
          id: products.id,
          createdAt: products.createdAt,
          finalPricePaise: products.finalPricePaise,
          name: products.name,
        })
        .from(products)
        .where(where),
    );
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...orderOf(shape.sortBy, matches))
      .limit(PAGE_SIZES.shop)
      .offset(sql.placeholder('offset'));
    const total = sql<number>`(select count(*) from ${matches})`.mapWith(Number);
    return {
      page: db
        .with(matches)
        .select({ ...cardColumns, total })
        .from(products)
        .where(inArray(products.id, pageIds))
        .orderBy(...order)
        .prepare(name),
      count,
      near,
    };
  }
  // The page's ids first (an index-only scan over the rows before it), then only its twelve rows are read; the count
  // rides along as a scalar subquery, so a page is one statement and one round trip.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZES.shop)
    .offset(sql.placeholder('offset'));
  const total = sql<number>`(select count(*) from ${products} where ${where})`.mapWith(Number);
  return {
    page: db
      .select({ ...cardColumns, total })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...order)
      .prepare(name),
    count,
    near,
  };
}

type ShopStatements = ReturnType<typeof buildShopStatements>;

const statementsByDb = new WeakMap<DbOrTx, Map<string, ShopStatements>>();

/**
 * A shape's statements, built once per database handle. Without filters other than a keyword they are named: each
 * pooled connection parses them once, and PostgreSQL plans them once for every offset (for a keyword it keeps a
 * generic plan, the matches by bitmap then sorted, once its cost is no worse than the plans for the values). With
 * categories, colours or a price range the best plan depends on the values (one category or all, a narrow range or
 * a wide one), so those stay unnamed ('') and are planned with the values on every request, as before; only
 * building the SQL is saved.
 */
function shopStatements(db: DbOrTx, shape: ShopShape): ShopStatements {
  let built = statementsByDb.get(db);
  if (!built) {
    built = new Map();
    statementsByDb.set(db, built);
  }
  const key = `${shape.sortBy}:${+shape.keyword}${+shape.category}${+shape.color}${+shape.minPrice}${+shape.maxPrice}`;
  let statements = built.get(key);
  if (!statements) {
    const filtered = shape.category || shape.color || shape.minPrice || shape.maxPrice;
    statements = buildShopStatements(
      db,
      shape,
      filtered ? '' : `shop_page_${shape.sortBy}${shape.keyword ? '_keyword' : ''}`,
    );
    built.set(key, statements);
  }
  return statements;
}

/**
 * One page of the shop, every filter and order worked out by PostgreSQL on the stored price after offer, each order
 * read off its own index (migration 0011): one statement for the page and its count. A page past the end has no row
 * to carry the count, so then the count is asked alone.
 */
export async function searchShop(db: DbOrTx, f: ShopFilters): Promise<ShopPage> {
  const keyword = f.keyword?.trim();
  const statements = shopStatements(db, {
    sortBy: f.sortBy ?? 'newArrivals',
    keyword: Boolean(keyword),
    category: f.category.length > 0,
    color: f.color.length > 0,
    minPrice: f.minPrice !== undefined,
    maxPrice: f.maxPrice !== undefined,
  });
  const values: ShopValues = { offset: (f.page - 1) * PAGE_SIZES.shop };
  if (keyword) {
    values.keyword = keyword;
    values.pattern = containsPattern(keyword);
  }
  if (f.category.length) values.category = f.category;
  if (f.color.length) values.color = f.color;
  if (f.minPrice !== undefined) values.minPaise = toPaise(f.minPrice);
  if (f.maxPrice !== undefined) values.maxPaise = toPaise(f.maxPrice);
  const rows: CardRow[] = await statements.page.execute(values);
  // An empty first page means nothing matched: only a page past the end needs the count asked alone.
  const matched = rows.length
    ? (rows[0] as CardRow & { total: number }).total
    : f.page === 1
      ? 0
      : (await statements.count.execute(values))[0].total;
  const found: ShopPage = {
    rows,
    total: matched,
    page: f.page,
    pages: Math.ceil(matched / PAGE_SIZES.shop),
    nearMatches: 0,
    matched,
  };
  if (!keyword || !statements.near || f.page !== 1 || matched >= PAGE_SIZES.shop) return found;
  // Fewer matches than a page: the page is filled with the names closest to what was typed, after the matches.
  const matchedIds = new Set(rows.map((r) => r.id));
  const near = (await statements.near.execute(values))
    .filter((r) => !matchedIds.has(r.id))
    .slice(0, PAGE_SIZES.shop - matched);
  if (!near.length) return found;
  const didYouMean =
    matched === 0
      ? closestWords(
          keyword,
          near.map((r) => r.name),
        )
      : undefined;
  return {
    ...found,
    rows: [...rows, ...near],
    total: matched + near.length,
    pages: 1,
    nearMatches: near.length,
    ...(didYouMean ? { didYouMean } : {}),
  };
}
