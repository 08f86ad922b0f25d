import { PAGE_SIZES } from '@bagshop/shared/catalogue';
import type { ProductCardDto, ProductCardPage, ProductDetailDto } from '@bagshop/shared/catalogue-types';
import type { ProductsByIdAnswer } from '@bagshop/shared/schemas/catalogue';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { products } from '../../db/schema/catalogue.ts';
import { productNotFound } from './ids.ts';
import { selectProducts, toProductCard, toProductDto } from './product-view.ts';
import { reviewsOf } from './reviews-service.ts';
import { availableSql, cardColumns, type ShopFilters, searchShop, selectCards } from './search.ts';

export async function shopPage(db: Db, filters: ShopFilters): Promise<ProductCardPage> {
  const found = await searchShop(db, filters);
  return { products: found.rows.map(toProductCard), total: found.total, page: found.page, pages: found.pages };
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
