import type { Color } from '@bagshop/shared/catalogue';
import type { CategoryDto, ProductCardDto, ProductDto } from '@bagshop/shared/catalogue-types';
import { toRupees } from '@bagshop/shared/pricing/money';
import { unitPrice } from '@bagshop/shared/pricing/offers';
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import { tableRowOf } from '../../db/table-rows.ts';
import { liveOffer, type OfferRow, toOfferDto } from '../offers/service.ts';
import type { CardRow } from './search.ts';

/**
 * The public face of the products module for other features (wishlist, cart, later orders):
 * products joined with their category and both offers, priced by the shared pricing module.
 */
export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export interface ProductWithRelations {
  product: ProductRow;
  category: CategoryRow;
  productOffer: OfferRow | null;
  categoryOffer: OfferRow | null;
}

const productOffer = alias(offers, 'product_offer');
const categoryOffer = alias(offers, 'category_offer');

/** A select of products with relations; add where/orderBy/limit as needed. */
export function selectProducts(db: DbOrTx) {
  return selectProductsWith(db, {});
}

/**
 * Products with relations beside the columns of a table the caller joins (a cart read with its products in one
 * query).
 */
export function selectProductsWith<T extends SelectedFields>(db: DbOrTx, extra: T) {
  return db
    .select({
      ...extra,
      product: products,
      category: categories,
      productOffer,
      categoryOffer,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(productOffer, eq(products.offerId, productOffer.id))
    .leftJoin(categoryOffer, eq(categories.offerId, categoryOffer.id));
}

/**
 * `selectProductsWith` for a statement written in SQL (one sent with others in a message, see `CommitWith`): the
 * tables to select from, and each table's row as one JSON column, read back by `productWithRelationsOf`.
 */
const productOfferName = sql.identifier(getTableName(productOffer));
const categoryOfferName = sql.identifier(getTableName(categoryOffer));
export const productsWithRelationsSql = {
  from: sql`${products}
    inner join ${categories} on ${eq(products.categoryId, categories.id)}
    left join ${offers} as ${productOfferName} on ${eq(products.offerId, productOffer.id)}
    left join ${offers} as ${categoryOfferName} on ${eq(categories.offerId, categoryOffer.id)}`,
  columns: sql`to_jsonb(${products}) as product, to_jsonb(${categories}) as category,
    to_jsonb(${productOfferName}) as product_offer, to_jsonb(${categoryOfferName}) as category_offer`,
};

/** A row of `productsWithRelationsSql.columns`, as `selectProductsWith` answers it. */
export function productWithRelationsOf(row: Record<string, unknown>): ProductWithRelations {
  const offerOf = (answered: unknown) => (answered ? tableRowOf(offers, answered as Record<string, unknown>) : null);
  return {
    product: tableRowOf(products, row.product as Record<string, unknown>),
    category: tableRowOf(categories, row.category as Record<string, unknown>),
    productOffer: offerOf(row.product_offer),
    categoryOffer: offerOf(row.category_offer),
  };
}

export async function findProducts(db: DbOrTx, where: SQL | undefined): Promise<ProductWithRelations[]> {
  return selectProducts(db).where(where);
}

export function toCategoryDto(c: CategoryRow, offer: OfferRow | null, now: Date = new Date()): CategoryDto {
  const live = liveOffer(offer);
  return { _id: c.id, name: c.name, offer: live ? toOfferDto(live, now) : null, isExist: !c.isBlocked };
}

/** Sellable: neither the product nor its category is blocked or deleted. */
export function isAvailable(r: ProductWithRelations): boolean {
  return !r.product.isBlocked && !r.product.deletedAt && !r.category.isBlocked && !r.category.deletedAt;
}

/** Unit pricing in paise with the best live offer of product and category, rounded as the product's row says. */
export function priceOf(r: ProductWithRelations, now: Date = new Date()) {
  return unitPrice(
    r.product.pricePaise,
    liveOffer(r.productOffer),
    liveOffer(r.categoryOffer),
    now,
    r.product.offerRoundsToRupee,
  );
}

/** Average of the ratings to one decimal; 0 before the first review. */
function averageRating(ratingSum: number, ratingCount: number): number {
  return ratingCount ? Math.round((ratingSum / ratingCount) * 10) / 10 : 0;
}

/** A card of a list, priced by the stored price after offer (kept by the database: db/sale-prices.ts). */
export function toProductCard(r: CardRow): ProductCardDto {
  return {
    _id: r.id,
    name: r.name,
    brand: r.brand,
    thumbs: r.images.map((i) => i.thumb),
    pdImage: r.images.map((i) => i.large),
    price: toRupees(r.pricePaise),
    discountPercent: r.offerPercent,
    finalPrice: toRupees(r.finalPricePaise),
    quantity: r.quantity,
    rating: averageRating(r.ratingSum, r.ratingCount),
    numReviews: r.ratingCount,
  };
}

export function toProductDto(r: ProductWithRelations, now: Date = new Date()): ProductDto {
  const p = r.product;
  const price = priceOf(r, now);
  const offer = liveOffer(r.productOffer);
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    price: toRupees(p.pricePaise),
    offer: offer ? toOfferDto(offer, now) : null,
    category: toCategoryDto(r.category, r.categoryOffer, now),
    quantity: p.quantity,
    brand: p.brand,
    color: p.color as Color,
    size: p.size,
    sku: p.sku,
    weightGrams: p.weightGrams,
    lengthCm: p.lengthCm,
    breadthCm: p.breadthCm,
    heightCm: p.heightCm,
    pdImage: p.images.map((i) => i.large),
    thumbs: p.images.map((i) => i.thumb),
    isExist: !p.isBlocked,
    available: isAvailable(r),
    rating: averageRating(p.ratingSum, p.ratingCount),
    numReviews: p.ratingCount,
    discountPercent: price.discountPercent,
    discount: toRupees(price.discountPaise),
    finalPrice: toRupees(price.finalPaise),
    createdAt: p.createdAt.toISOString(),
  };
}
