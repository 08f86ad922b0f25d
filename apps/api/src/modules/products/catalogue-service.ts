import { PAGE_SIZES } from '@bagshop/shared/catalogue';
import type { ProductCardDto, ProductCardPage, ProductDetailDto } from '@bagshop/shared/catalogue-types';
import type { ProductsByIdAnswer } from '@bagshop/shared/schemas/catalogue';
import { SEARCH_LIMITS } from '@bagshop/shared/schemas/search';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { products } from '../../db/schema/catalogue.ts';
import { countNoResult, lastAnswerFoundNothing, rememberOutcome } from '../search/service.ts';
import { productNotFound } from './ids.ts';
import { selectProducts, toProductCard, toProductDto } from './product-view.ts';
import { reviewsOf } from './reviews-service.ts';
import { availableSql, cardColumns, type ShopFilters, searchShop, selectCards } from './search.ts';

/**
 * One page of the shop. A first page for a keyword alone (no category, colour or price) that matched nothing is
 * counted for the administrator's no-result list, without the answer waiting for it (decision 048).
 */
export async function shopPage(
  db: Db,
  filters: ShopFilters,
  onCountFailed: (error: unknown) => void = ignoreLostCount,
): Promise<ProductCardPage> {
  const found = await searchShop(db, filters);
  const keyword = filters.keyword?.trim();
  if (keyword && isKeywordAlone(filters)) {
    rememberOutcome(keyword, found.matched === 0);
    if (found.matched === 0) countNoResult(db, keyword, onCountFailed);
  }
  const page: ProductCardPage = {
    products: found.rows.map(toProductCard),
    total: found.total,
    page: found.page,
    pages: found.pages,
  };
  if (found.nearMatches) page.nearMatches = found.nearMatches;
  if (found.didYouMean) page.didYouMean = found.didYouMean;
  return page;
}

/** A count that could not be written is lost; the shopper's page is not affected. */
const ignoreLostCount = () => {};

const isKeywordAlone = (f: Omit<ShopFilters, 'keyword'>) =>
  f.page === 1 && !f.category.length && !f.color.length && f.minPrice === undefined && f.maxPrice === undefined;

/**
 * A shop page answered from the response cache never reaches shopPage: its keyword is counted when this process's
 * last fresh answer for it matched nothing. `query` is the request's query as sent (a hit is answered before
 * validation); anything but a plain first page of a keyword is left alone.
 */
export function countCachedNoResult(db: Db, query: unknown, onCountFailed: (error: unknown) => void): void {
  if (!query || typeof query !== 'object') return;
  const { keyword, search, page, ...rest } = query as Record<string, unknown>;
  const text = typeof keyword === 'string' && keyword.trim() ? keyword : search;
  if (typeof text !== 'string' || !text.trim() || text.length > SEARCH_LIMITS.queryMax) return;
  if ((page !== undefined && page !== '1') || Object.keys(rest).some((key) => key !== 'sortBy')) return;
  if (lastAnswerFoundNothing(text)) countNoResult(db, text, onCountFailed);
}

export async function newProducts(db: Db): Promise<ProductCardDto[]> {
  const rows = await selectCards(db)
    .where(availableSql)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(PAGE_SIZES.new);
  return rows.map(toProductCard);
}

/** Best sellers; while nothing has sold, the newest. */
export async function topProducts(db: Db): Promise<ProductCardDto[]> {
  const rows = await selectCards(db)
    .where(availableSql)
    .orderBy(desc(products.unitsSold), desc(products.createdAt), desc(products.id))
    .limit(PAGE_SIZES.top);
  return rows.map(toProductCard);
}

export async function relatedProducts(db: Db, productId: string): Promise<ProductCardDto[]> {
  if (!isUuid(productId)) throw productNotFound();
  const [product] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!product) throw productNotFound();
  const rows = await selectCards(db)
    .where(and(availableSql, eq(products.categoryId, product.categoryId), ne(products.id, productId)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(PAGE_SIZES.related);
  return rows.map(toProductCard);
}

/** Products by id in the order asked, for sale or not; deleted and unknown ids are left out. */
export async function productsByIds(db: Db, ids: string[]): Promise<ProductsByIdAnswer['products']> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!wanted.length) return [];
  const rows = await db
    .select({ card: cardColumns, available: sql<boolean>`${availableSql}` })
    .from(products)
    .where(and(inArray(products.id, wanted), isNull(products.deletedAt)));
  const byId = new Map(rows.map((r) => [r.card.id, { ...toProductCard(r.card), available: r.available }]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** One product with its reviews; a blocked one is still shown, marked unavailable. */
/** Prepared: built and planned on every view, this read cost more than running it (decision 019, amendment). */
const productDetailQuery = builtOncePerDb((db) =>
  selectProducts(db)
    .where(and(eq(products.id, sql.placeholder('productId')), isNull(products.deletedAt)))
    .prepare('product_detail'),
);

export async function productDetail(db: Db, productId: string, viewerId?: string): Promise<ProductDetailDto> {
  if (!isUuid(productId)) throw productNotFound();
  const [[row], reviews] = await Promise.all([productDetailQuery(db).execute({ productId }), reviewsOf(db, productId)]);
  if (!row) throw productNotFound();
  const detail: ProductDetailDto = { ...toProductDto(row), reviews: reviews.map(({ userId: _, ...r }) => r) };
  if (viewerId) detail.reviewedByMe = reviews.some((r) => r.userId === viewerId);
  return detail;
}
