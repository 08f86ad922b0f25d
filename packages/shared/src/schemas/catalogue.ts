import { z } from 'zod';
import { COLORS, MAX_UNITS_PER_LINE, OFFER_TYPES, REVIEW_TEXT_MAX, SORT_OPTIONS } from '../catalogue.ts';
import { CATALOGUE_MSG as M } from '../catalogue-messages.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { PARCEL_CM_RANGE, WEIGHT_GRAMS_RANGE } from '../parcel.ts';
import { rupeeAmount, timestamp } from './answers.ts';
import { appliedCouponAnswer } from './coupons.ts';
import { expiryAfterActivation, instantField, numberish, requiredText, rupees } from './fields.ts';

/*
 * A request body whose fields transform (preprocess, coerce) carries `example`, not `examples`: zod leaves
 * `examples` out of the input side of a transforming schema, so they would never reach the document.
 */
const id = z.uuid({ error: 'Not found' });
/** An optional reference: '', 'none' or null mean "no offer". */
const optionalRef = z.preprocess((v) => (v === '' || v === 'none' || v === undefined ? null : v), id.nullable());

/** A list sent as JSON text in a multipart field; text that is not JSON stays text (and fails as not a list). */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const SIZE_PATTERN = /^\d+(\.\d+)?Lx\d+(\.\d+)?Bx\d+(\.\d+)?Hcm$/;
/**
 * A product or category name as real catalogues write them (docs/decisions/051-catalogue-names.md): letters of any
 * script with their combining marks (Hindi, accented names), digits, spaces and ' ’ - & . , ( ); it starts with a
 * letter or a digit and holds at least one letter.
 */
export const CATALOGUE_NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{N}][\p{L}\p{M}\p{N} '’\-&.,()]*$/u;

export const categorySchema = z
  .strictObject({
    name: requiredText(M.categoryNameRequired)
      .max(TEXT_LIMITS.categoryName, { error: M.categoryName })
      .regex(CATALOGUE_NAME_PATTERN, { error: M.categoryName }),
    offer: optionalRef.optional(),
  })
  .meta({ example: { name: 'Laptop Bags', offer: '0b8f6f0e-2b7a-4f4e-9a51-1f0d8c3b6a11' } });
export type CategoryInput = z.input<typeof categorySchema>;

/** Offer form (docs/product.md §5 "Coupon and offer"); minAmount is the criteria amount in rupees. */
export const offerSchema = z
  .strictObject({
    name: requiredText(M.offerNameRequired).max(TEXT_LIMITS.couponName, { error: M.offerNameMax }),
    type: z.enum(OFFER_TYPES, { error: M.offerTypeRequired }),
    description: requiredText(M.offerDescriptionRequired).max(TEXT_LIMITS.couponDescription, {
      error: M.offerDescriptionMax,
    }),
    activation: instantField(M.activationRequired),
    expiry: instantField(M.expiryRequired),
    discount: numberish(M.discountInvalid).refine((v) => Number.isInteger(v) && v > 0 && v <= 100, {
      error: M.discountInvalid,
    }),
    minAmount: rupees(M.minAmountInvalid, 100000),
  })
  .refine(...expiryAfterActivation(M.expiryAfterActivation))
  .meta({
    example: {
      name: 'Diwali Dhamaka',
      type: 'category',
      description: '15% off every laptop bag for the festive week',
      activation: '2026-11-01T00:00:00.000+05:30',
      expiry: '2026-11-15T23:59:59.000+05:30',
      discount: 15,
      minAmount: 999,
    },
  });
export type OfferInput = z.input<typeof offerSchema>;

/**
 * A whole number within a range, or nothing: an empty field is left out (the server then takes the size or the
 * shop's default, docs/decisions/038-parcel-sizes.md).
 */
const optionalWhole = (error: string, range: { min: number; max: number }) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      numberish(error)
        .refine((v) => Number.isInteger(v) && v >= range.min && v <= range.max, { error })
        .optional(),
    )
    .optional();

/** A SKU as owners and Shopify exports write them (docs/decisions/052-product-sku.md). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/;
export const SKU_MAX = 64;

/** A SKU, or an empty field for none (null); left out of an edit, the saved one stays. */
const optionalSku = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: M.skuInvalid })
      .max(SKU_MAX, { error: M.skuInvalid })
      .regex(SKU_PATTERN, { error: M.skuInvalid })
      .nullable(),
  )
  .optional();

/**
 * Product fields (docs/product.md §5 "Product"); images travel beside them as files. `quantity` may be 0 only on edit.
 */
const productFields = {
  name: requiredText(M.productNameRequired)
    .max(TEXT_LIMITS.productName, { error: M.productNameMax })
    .regex(CATALOGUE_NAME_PATTERN, { error: M.productNameLetters }),
  description: requiredText(M.descriptionRequired).max(TEXT_LIMITS.productDescription, { error: M.descriptionMax }),
  price: rupees(M.priceInvalid, 10_000_000),
  offer: optionalRef.optional(),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: M.categoryRequired })),
  brand: requiredText(M.brandRequired).max(TEXT_LIMITS.brand, { error: M.brandMax }),
  color: z.enum(COLORS, { error: M.colorRequired }),
  size: requiredText(M.sizeRequired)
    .max(TEXT_LIMITS.size, { error: M.sizeRequired })
    .regex(SIZE_PATTERN, { error: M.sizeRequired }),
  sku: optionalSku,
  /** Shipping weight in grams, packed (docs/decisions/038-parcel-sizes.md). */
  weightGrams: optionalWhole(M.weightInvalid, WEIGHT_GRAMS_RANGE),
  /** The package's sides in whole centimetres. */
  lengthCm: optionalWhole(M.parcelSideInvalid, PARCEL_CM_RANGE),
  breadthCm: optionalWhole(M.parcelSideInvalid, PARCEL_CM_RANGE),
  heightCm: optionalWhole(M.parcelSideInvalid, PARCEL_CM_RANGE),
};

export const productCreateSchema = z.strictObject({
  ...productFields,
  quantity: numberish(M.quantityInvalid).refine((v) => Number.isInteger(v) && v > 0 && v <= 100000, {
    error: M.quantityInvalid,
  }),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

export const productUpdateSchema = z.strictObject({
  ...productFields,
  quantity: numberish(M.quantityInvalid).refine((v) => Number.isInteger(v) && v >= 0 && v <= 100000, {
    error: M.quantityInvalid,
  }),
  /** The saved image URLs to keep, in the order to show them; new files are appended after them. */
  existingImages: z
    .preprocess(
      jsonText,
      z
        .array(z.string({ error: M.imageListInvalid }).max(300, { error: M.imageListInvalid }), {
          error: M.imageListInvalid,
        })
        .max(8, { error: M.tooManyImages }),
    )
    .optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(20));

/** GET /api/products/shop-products (docs/product.md §3 list parameters). */
export const shopQuerySchema = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  category: many(z.uuid()),
  color: many(z.enum(COLORS)),
  minPrice: z.coerce.number().min(0).max(10_000_000).optional(),
  maxPrice: z.coerce.number().min(0).max(10_000_000).optional(),
  sortBy: z.enum(SORT_OPTIONS).optional(),
});
export type ShopQuery = z.input<typeof shopQuerySchema>;

export const reviewSchema = z
  .strictObject({
    productId: id.optional(),
    rating: numberish(M.reviewRatingInvalid).refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, {
      error: M.reviewRatingInvalid,
    }),
    comment: requiredText(M.reviewTextRequired).max(REVIEW_TEXT_MAX, { error: M.reviewTextMax }),
  })
  .meta({ example: { rating: 5, comment: 'Fits my 15-inch laptop and a tiffin; the zips feel sturdy.' } });
export type ReviewInput = z.input<typeof reviewSchema>;

export const wishlistToggleSchema = z
  .strictObject({
    productId: id,
    color: z.enum(COLORS).optional(),
  })
  .meta({ examples: [{ productId: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55', color: 'Brown' }] });

const qty = numberish(M.maxFivePerLine).refine((v) => Number.isInteger(v) && v >= 1 && v <= MAX_UNITS_PER_LINE, {
  error: M.maxFivePerLine,
});
export const addToCartSchema = z
  .strictObject({ productId: id, qty: qty.default(1) })
  .meta({ example: { productId: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55', qty: 2 } });
export const updateCartSchema = z
  .strictObject({ cartId: id, qty })
  .meta({ example: { cartId: '3f9a2c1d-6b4e-4d7f-8a2b-9c0d1e2f3a44', qty: 3 } });

const MAX_IDS = 50;
/** GET /api/products/idarray: up to 50 product ids, comma separated. */
export const productIdsQuerySchema = z.strictObject({
  ids: z
    .string()
    .max(MAX_IDS * 40)
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(MAX_IDS, { error: `At most ${MAX_IDS} products at a time` })),
});

// ---- Answers (docs/product.md §3, §7): money in rupees, as the HTTP API speaks.

const OFFER_EXAMPLE = {
  _id: '0b8f6f0e-2b7a-4f4e-9a51-1f0d8c3b6a11',
  name: 'Diwali Dhamaka',
  type: 'category',
  description: '15% off every laptop bag for the festive week',
  activation: '2026-10-31T18:30:00.000Z',
  expiry: '2026-11-15T18:29:59.000Z',
  discount: 15,
  minAmount: 999,
  isExist: true,
  active: true,
} as const;

export const offerAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(OFFER_TYPES),
    description: z.string(),
    activation: timestamp,
    expiry: timestamp,
    discount: z.number(),
    /** Criteria amount in rupees. */
    minAmount: rupeeAmount,
    isExist: z.boolean(),
    /** Active now (not blocked, within its dates). */
    active: z.boolean(),
  })
  .meta({ id: 'Offer', examples: [OFFER_EXAMPLE] });

const CATEGORY_EXAMPLE = {
  _id: '4d2c1a9e-7f3b-4c8d-8e6a-2b5f9c0d1e22',
  name: 'Laptop Bags',
  offer: OFFER_EXAMPLE,
  isExist: true,
  productCount: 12,
};

export const categoryAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    offer: offerAnswer.nullable(),
    isExist: z.boolean(),
    /** Products in it (administrator's answers only). */
    productCount: z.int().optional(),
  })
  .meta({ id: 'Category', examples: [CATEGORY_EXAMPLE] });

const productFieldsAnswer = {
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupeeAmount,
  offer: offerAnswer.nullable(),
  category: categoryAnswer,
  quantity: z.int(),
  brand: z.string(),
  color: z.enum(COLORS),
  size: z.string(),
  /** The owner's stock-keeping unit, null when none is set. */
  sku: z.string().nullable(),
  /** Shipping weight in grams and the package's sides in centimetres (docs/decisions/038-parcel-sizes.md). */
  weightGrams: z.int(),
  lengthCm: z.int(),
  breadthCm: z.int(),
  heightCm: z.int(),
  /** Large webp images, in display order. */
  pdImage: z.array(z.string()),
  /** Small webp images, same order. */
  thumbs: z.array(z.string()),
  isExist: z.boolean(),
  /** False when the product or its category is blocked: visible by id, not for sale. */
  available: z.boolean(),
  rating: z.number(),
  numReviews: z.int(),
  /** Server-computed unit pricing: best offer percent, discount per unit and price after offer, in rupees. */
  discountPercent: z.number(),
  discount: rupeeAmount,
  finalPrice: rupeeAmount,
  createdAt: timestamp,
};

const PRODUCT_EXAMPLE = {
  _id: '7c1e4b2a-9d3f-4e8a-b5c6-0a1b2c3d4e55',
  name: 'Hidesign Laptop Backpack',
  description: 'Brown leather backpack with a padded sleeve for 15-inch laptops.',
  price: 2499,
  offer: null,
  category: { _id: CATEGORY_EXAMPLE._id, name: 'Laptop Bags', offer: OFFER_EXAMPLE, isExist: true },
  quantity: 18,
  brand: 'Hidesign',
  color: 'Brown',
  size: '30Lx12Bx45Hcm',
  sku: 'HID-LB-045-BRN',
  weightGrams: 900,
  lengthCm: 30,
  breadthCm: 12,
  heightCm: 45,
  pdImage: ['/uploads/products/7c1e4b2a-large-1.webp'],
  thumbs: ['/uploads/products/7c1e4b2a-thumb-1.webp'],
  isExist: true,
  available: true,
  rating: 4.5,
  numReviews: 2,
  discountPercent: 15,
  discount: 374.85,
  finalPrice: 2124.15,
  createdAt: '2026-11-02T10:15:00.000Z',
} as const;

const PRODUCT_CARD_EXAMPLE = {
  _id: PRODUCT_EXAMPLE._id,
  name: PRODUCT_EXAMPLE.name,
  brand: PRODUCT_EXAMPLE.brand,
  thumbs: PRODUCT_EXAMPLE.thumbs,
  pdImage: PRODUCT_EXAMPLE.pdImage,
  price: PRODUCT_EXAMPLE.price,
  discountPercent: PRODUCT_EXAMPLE.discountPercent,
  finalPrice: PRODUCT_EXAMPLE.finalPrice,
  quantity: PRODUCT_EXAMPLE.quantity,
  rating: PRODUCT_EXAMPLE.rating,
  numReviews: PRODUCT_EXAMPLE.numReviews,
};

export const productAnswer = z.object(productFieldsAnswer).meta({ id: 'Product', examples: [PRODUCT_EXAMPLE] });

const REVIEW_EXAMPLE = {
  _id: '5e6f7a8b-1c2d-4e3f-9a0b-c1d2e3f4a566',
  name: 'Ananya Iyer',
  rating: 5,
  comment: 'Fits my 15-inch laptop and a tiffin; the zips feel sturdy.',
  createdAt: '2026-11-20T06:45:00.000Z',
};

export const reviewAnswer = z
  .object({ _id: z.string(), name: z.string(), rating: z.int(), comment: z.string(), createdAt: timestamp })
  .meta({ id: 'Review', examples: [REVIEW_EXAMPLE] });

export const productDetailAnswer = z
  .object({
    ...productFieldsAnswer,
    reviews: z.array(reviewAnswer),
    /** True when the signed-in caller has already reviewed it (only for a signed-in caller). */
    reviewedByMe: z.boolean().optional(),
  })
  .meta({ id: 'ProductDetail', examples: [{ ...PRODUCT_EXAMPLE, reviews: [REVIEW_EXAMPLE], reviewedByMe: false }] });

/** A product as a card in a list shows it: picture, brand, name, rating, price after offer, offer and stock badges. */
export const productCardAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    brand: z.string(),
    /** Small webp images, in display order; the card shows the first. */
    thumbs: z.array(z.string()),
    /** The large copies, same order: the card offers the first to screens dense enough to need it (srcset). */
    pdImage: z.array(z.string()),
    price: rupeeAmount,
    /** The best offer percent and the price after offer (rupees), as the server works them out. */
    discountPercent: z.number(),
    finalPrice: rupeeAmount,
    quantity: z.int(),
    rating: z.number(),
    numReviews: z.int(),
  })
  .meta({ id: 'ProductCard', examples: [PRODUCT_CARD_EXAMPLE] });

/** One page of the administrator's product list. */
export const productPageAnswer = z
  .object({ products: z.array(productAnswer), total: z.int().nonnegative(), page: z.int(), pages: z.int() })
  .meta({ examples: [{ products: [PRODUCT_EXAMPLE], total: 1, page: 1, pages: 1 }] });

/** One page of the shop's listing, as cards. */
export const productCardPageAnswer = z
  .object({
    products: z.array(productCardAnswer),
    total: z.int().nonnegative(),
    page: z.int(),
    pages: z.int(),
    /**
     * With a keyword: how many of the last products are close to what was typed rather than matches of it (they
     * come after the matches; docs/decisions/048-search-that-forgives.md). Left out when there are none.
     */
    nearMatches: z.int().positive().optional(),
    /** With a keyword nothing matched: the words the shop's names suggest instead. */
    didYouMean: z.string().optional(),
  })
  .meta({ examples: [{ products: [PRODUCT_CARD_EXAMPLE], total: 1, page: 1, pages: 1 }] });

/** Product cards: top and related. */
export const productsAnswer = z
  .object({ products: z.array(productCardAnswer) })
  .meta({ examples: [{ products: [PRODUCT_CARD_EXAMPLE] }] });

/** Product cards by id, for sale or not: `available` is false when the product or its category is blocked. */
export const productsByIdAnswer = z
  .object({ products: z.array(productCardAnswer.extend({ available: z.boolean() })) })
  .meta({ examples: [{ products: [{ ...PRODUCT_CARD_EXAMPLE, available: true }] }] });

export const newProductsAnswer = z
  .object({ all: z.array(productCardAnswer) })
  .meta({ examples: [{ all: [PRODUCT_CARD_EXAMPLE] }] });

export const oneProductAnswer = z
  .object({ product: productDetailAnswer })
  .meta({ examples: [{ product: { ...PRODUCT_EXAMPLE, reviews: [REVIEW_EXAMPLE], reviewedByMe: false } }] });

export const reviewAddedAnswer = z
  .object({ message: z.string(), review: reviewAnswer })
  .meta({ examples: [{ message: M.reviewAdded, review: REVIEW_EXAMPLE }] });

/** A product answer with the message to show after an administrator's change. */
export const productChangedAnswer = z
  .object({ message: z.string(), product: productAnswer })
  .meta({ examples: [{ message: M.productAdded, product: PRODUCT_EXAMPLE }] });

export const shopCategoriesAnswer = z
  .object({ all: z.array(categoryAnswer) })
  .meta({ examples: [{ all: [CATEGORY_EXAMPLE] }] });

/** A row of the administrator's lists, with the day it was added (the default sort, newest first). */
export const adminCategoryRow = categoryAnswer.extend({ createdAt: timestamp });
export const adminOfferRow = offerAnswer.extend({ createdAt: timestamp });

export const categoryListAnswer = z
  .object({ categories: z.array(adminCategoryRow), total: z.int().nonnegative(), page: z.int(), pages: z.int() })
  .meta({
    examples: [
      { categories: [{ ...CATEGORY_EXAMPLE, createdAt: '2026-10-02T09:30:00.000Z' }], total: 1, page: 1, pages: 1 },
    ],
  });

export const oneCategoryAnswer = z
  .object({ category: categoryAnswer })
  .meta({ examples: [{ category: CATEGORY_EXAMPLE }] });

export const categoryChangedAnswer = z
  .object({ message: z.string(), category: categoryAnswer })
  .meta({ examples: [{ message: `Laptop Bags ${M.categoryCreated}`, category: CATEGORY_EXAMPLE }] });

export const offerListAnswer = z
  .object({ offers: z.array(adminOfferRow), total: z.int().nonnegative(), page: z.int(), pages: z.int() })
  .meta({
    examples: [{ offers: [{ ...OFFER_EXAMPLE, createdAt: '2026-10-20T11:00:00.000Z' }], total: 1, page: 1, pages: 1 }],
  });

export const oneOfferAnswer = z.object({ offer: offerAnswer }).meta({ examples: [{ offer: OFFER_EXAMPLE }] });

export const offersAnswer = z
  .object({ offers: z.array(offerAnswer) })
  .meta({ examples: [{ offers: [OFFER_EXAMPLE] }] });

/** The shop's rounding of prices after offers (docs/decisions/060-offer-prices-to-the-rupee.md). */
export const priceRoundingSchema = z
  .strictObject({ roundOfferPrices: z.boolean() })
  .meta({ example: { roundOfferPrices: true } });
export type PriceRounding = z.infer<typeof priceRoundingSchema>;

export const priceRoundingAnswer = z
  .object({ roundOfferPrices: z.boolean() })
  .meta({ examples: [{ roundOfferPrices: false }] });

export const priceRoundingChangedAnswer = z
  .object({ message: z.string(), roundOfferPrices: z.boolean() })
  .meta({ examples: [{ message: M.roundingOn, roundOfferPrices: true }] });

export const offerChangedAnswer = z
  .object({ message: z.string(), offer: offerAnswer })
  .meta({ examples: [{ message: M.offerCreated, offer: OFFER_EXAMPLE }] });

const CART_LINE_EXAMPLE = {
  _id: '3f9a2c1d-6b4e-4d7f-8a2b-9c0d1e2f3a44',
  productId: PRODUCT_EXAMPLE._id,
  name: PRODUCT_EXAMPLE.name,
  image: PRODUCT_EXAMPLE.thumbs[0],
  color: 'Brown',
  price: 2499,
  discount: 374.85,
  qty: 1,
  originalQuantity: 18,
  available: true,
} as const;

export const cartLineAnswer = z.object({
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  color: z.enum(COLORS),
  /** Unit price and offer discount per unit, rupees. */
  price: rupeeAmount,
  discount: rupeeAmount,
  qty: z.int(),
  /** Stock left. */
  originalQuantity: z.int(),
  available: z.boolean(),
});

const CART_EXAMPLE = {
  carts: [CART_LINE_EXAMPLE],
  summary: {
    totalPrice: 2499,
    discount: 374.85,
    tax: 95.61,
    shipping: 0,
    couponDiscount: 212.42,
    final: 2007.34,
    pricesIncludeGst: false,
  },
  coupon: { code: 'DIWALI10', name: 'Diwali 10', discount: 10 },
};

/** The cart priced by the server; lines no longer for sale are shown but not counted. */
export const cartAnswer = z
  .object({
    carts: z.array(cartLineAnswer),
    /** In rupees. */
    summary: z.object({
      totalPrice: rupeeAmount,
      discount: rupeeAmount,
      tax: rupeeAmount,
      shipping: rupeeAmount,
      couponDiscount: rupeeAmount,
      final: rupeeAmount,
      /** Prices include GST: `tax` is the GST inside `final`, not added to it. */
      pricesIncludeGst: z.boolean(),
    }),
    /** The applied coupon; the summary counts it only while it still applies. */
    coupon: appliedCouponAnswer.nullable().optional(),
  })
  .meta({ id: 'Cart', examples: [CART_EXAMPLE] });

export const cartChangedAnswer = z
  .object({ message: z.string(), cart: cartAnswer })
  .meta({ examples: [{ message: M.addedToCart, cart: CART_EXAMPLE }] });

export const wishlistEntryAnswer = z.object({ productId: productAnswer, color: z.enum(COLORS) });

export const wishlistAnswer = z
  .object({ wishlist: z.array(wishlistEntryAnswer) })
  .meta({ examples: [{ wishlist: [{ productId: PRODUCT_EXAMPLE, color: 'Brown' }] }] });

export const wishlistToggledAnswer = z
  .object({ message: z.string(), added: z.boolean() })
  .meta({ examples: [{ message: M.addedToWishlist, added: true }] });

export type ReviewAddedAnswer = z.infer<typeof reviewAddedAnswer>;
export type ProductChangedAnswer = z.infer<typeof productChangedAnswer>;
export type ProductsAnswer = z.infer<typeof productsAnswer>;
export type ProductsByIdAnswer = z.infer<typeof productsByIdAnswer>;
export type NewProductsAnswer = z.infer<typeof newProductsAnswer>;
export type OneProductAnswer = z.infer<typeof oneProductAnswer>;
export type ShopCategoriesAnswer = z.infer<typeof shopCategoriesAnswer>;
export type CategoryListAnswer = z.infer<typeof categoryListAnswer>;
export type AdminCategoryRow = z.infer<typeof adminCategoryRow>;
export type AdminOfferRow = z.infer<typeof adminOfferRow>;
export type OneCategoryAnswer = z.infer<typeof oneCategoryAnswer>;
export type CategoryChangedAnswer = z.infer<typeof categoryChangedAnswer>;
export type OfferListAnswer = z.infer<typeof offerListAnswer>;
export type OneOfferAnswer = z.infer<typeof oneOfferAnswer>;
export type OffersAnswer = z.infer<typeof offersAnswer>;
export type OfferChangedAnswer = z.infer<typeof offerChangedAnswer>;
export type PriceRoundingAnswer = z.infer<typeof priceRoundingAnswer>;
export type PriceRoundingChangedAnswer = z.infer<typeof priceRoundingChangedAnswer>;
export type CartChangedAnswer = z.infer<typeof cartChangedAnswer>;
export type WishlistAnswer = z.infer<typeof wishlistAnswer>;
export type WishlistToggledAnswer = z.infer<typeof wishlistToggledAnswer>;
export type AddToCartValues = z.output<typeof addToCartSchema>;
export type UpdateCartValues = z.output<typeof updateCartSchema>;
export type WishlistToggleInput = z.input<typeof wishlistToggleSchema>;
