import { type Color, OFFER_TYPES } from '@bagshop/shared/catalogue';
import { DEFAULT_PARCEL_CM, DEFAULT_WEIGHT_GRAMS, type ParcelCm, parseParcelSetting } from '@bagshop/shared/parcel';
import type { Paise } from '@bagshop/shared/pricing/money';
import { DEFAULT_LOW_STOCK_AT } from '@bagshop/shared/stock';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const DEFAULT_PARCEL = parseParcelSetting(DEFAULT_PARCEL_CM) as ParcelCm;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const offerType = pgEnum('offer_type', OFFER_TYPES);

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: offerType('type').notNull(),
    description: text('description').notNull(),
    activation: timestamp('activation', { withTimezone: true }).notNull(),
    expiry: timestamp('expiry', { withTimezone: true }).notNull(),
    discount: integer('discount').notNull(),
    minAmountPaise: integer('min_amount_paise').$type<Paise>().notNull(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('offers_discount_range', sql`${t.discount} between 1 and 100`),
    check('offers_dates', sql`${t.expiry} > ${t.activation}`),
    index('offers_created_idx').on(t.createdAt),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('categories_name_live_idx').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

export interface ProductImage {
  large: string;
  thumb: string;
  /** The Image Src an import took it from, so the same sheet imported again finds it unchanged. */
  source?: string;
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    quantity: integer('quantity').notNull(),
    /**
     * Low stock: at or under this many units the administrators are mailed once, and the flag says they were, until
     * the stock rises above it again (docs/decisions/049-stock-ledger.md). The stock ledger keeps it in step.
     */
    lowStockAt: integer('low_stock_at').notNull().default(DEFAULT_LOW_STOCK_AT),
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    brand: text('brand').notNull(),
    color: text('color').$type<Color>().notNull(),
    size: text('size').notNull(),
    /** The owner's stock-keeping unit, unique among products not deleted (docs/decisions/052-product-sku.md). */
    sku: text('sku'),
    /**
     * The handle of the Shopify sheet the product came from: with its colour, how a later import of the same sheet
     * finds it (docs/decisions/053-catalogue-import.md). Null for a product added in the form.
     */
    importHandle: text('import_handle'),
    /**
     * The parcel for the courier: shipping weight in grams and the package's sides in centimetres. The service
     * always writes them (the form's values, else the size's sides or the DEFAULT_* settings); the column defaults
     * are the settings' defaults, for rows written without them (docs/decisions/038-parcel-sizes.md).
     */
    weightGrams: integer('weight_grams').notNull().default(DEFAULT_WEIGHT_GRAMS),
    lengthCm: integer('length_cm').notNull().default(DEFAULT_PARCEL.lengthCm),
    breadthCm: integer('breadth_cm').notNull().default(DEFAULT_PARCEL.breadthCm),
    heightCm: integer('height_cm').notNull().default(DEFAULT_PARCEL.heightCm),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    isBlocked: boolean('is_blocked').notNull().default(false),
    unitsSold: integer('units_sold').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * The best offer percent that applies to the price now (product or category offer), kept by the database
     * function best_offer_percent: on every product write by a trigger, on offer and category changes by their
     * services, and when an offer starts or ends by the sale price job (docs/decisions/019-catalogue-reads.md).
     */
    offerPercent: integer('offer_percent').notNull().default(0),
    /**
     * The shop's setting "round prices after offers to the rupee" (pricing_settings), copied to every product so its
     * price after offer is worked out from the row alone: set by the products trigger on every write of a price, and
     * on every product when the setting changes (docs/decisions/060-offer-prices-to-the-rupee.md).
     */
    offerRoundsToRupee: boolean('offer_rounds_to_rupee').notNull().default(false),
    /**
     * The unit price after offer, the figure unitPrice() gives: what the shop sorts and filters prices on. A
     * discounted price drops to the whole rupee below it when the product's offerRoundsToRupee says so (never
     * below one rupee).
     */
    finalPricePaise: integer('final_price_paise')
      .$type<Paise>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when offer_rounds_to_rupee and offer_percent > 0 and price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer >= 100 then (price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer) / 100 * 100 else price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer end`,
      ),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(description, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('products_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('products_low_stock_at_range', sql`${t.lowStockAt} between 0 and 100000`),
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check('products_weight_range', sql`${t.weightGrams} between 1 and 30000`),
    check(
      'products_parcel_range',
      sql`${t.lengthCm} between 1 and 200 and ${t.breadthCm} between 1 and 200 and ${t.heightCm} between 1 and 200`,
    ),
    index('products_category_idx').on(t.categoryId),
    index('products_price_idx').on(t.pricePaise),
    // The administrator's list and the shop's newest first, in the exact order of their ORDER BY (no sort step).
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_color_idx').on(t.color),
    index('products_units_sold_idx').on(t.unitsSold),
    index('products_search_idx').using('gin', t.search),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // SKUs compare without regard to case, as an owner reads them off a label.
    index('products_import_handle_idx')
      .on(sql`lower(${t.importHandle})`)
      .where(sql`${t.deletedAt} is null and ${t.importHandle} is not null`),
    uniqueIndex('products_sku_live_idx')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null and ${t.sku} is not null`),
    // One index per shop order, over the products not blocked or deleted, so a page is read off an index; the
    // category last (not for the order) lets the rows before a page be skipped by an index-only scan.
    index('products_sale_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId)
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    index('products_sale_price_asc_idx')
      .on(t.finalPricePaise.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId)
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    index('products_sale_price_desc_idx')
      .on(
        t.finalPricePaise.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.categoryId,
      )
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    index('products_sale_name_asc_idx')
      .on(t.name.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId)
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    index('products_sale_name_desc_idx')
      .on(t.name.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId)
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    // Counts read this one alone (an index-only scan): the category, the price and the colour filters.
    index('products_sale_count_idx')
      .on(t.categoryId, t.finalPricePaise, t.color)
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
    index('products_sale_top_idx')
      .on(t.unitsSold.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and not ${t.isBlocked}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').$type<Color>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId),
    check('cart_items_qty_range', sql`${t.qty} between 1 and 5`),
  ],
);

/**
 * How the shop shows prices after offers, one row: whether they drop to the whole rupee below (off by default;
 * docs/decisions/060-offer-prices-to-the-rupee.md). The products trigger reads it for each product it prices.
 */
export const pricingSettings = pgTable(
  'pricing_settings',
  {
    id: integer('id').primaryKey().default(1),
    roundOfferPrices: boolean('round_offer_prices').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pricing_settings_one_row', sql`${t.id} = 1`)],
);
