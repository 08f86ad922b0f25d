import { z } from 'zod';
import { COLORS, MAX_UNITS_PER_LINE, OFFER_TYPES, REVIEW_TEXT_MAX, SORT_OPTIONS } from '../catalogue.ts';
import { CATALOGUE_MSG as M } from '../catalogue-messages.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { instantField, numberish, requiredText, rupees } from './fields.ts';

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
const LETTERS_AND_SPACES = /^[A-Za-z][A-Za-z ]*$/;

export const categorySchema = z.strictObject({
  name: requiredText(M.categoryName)
    .max(TEXT_LIMITS.categoryName, { error: M.categoryName })
    .regex(LETTERS_AND_SPACES, { error: M.categoryName }),
  offer: optionalRef.optional(),
});
export type CategoryInput = z.input<typeof categorySchema>;

/** Offer form (docs/product.md §5 "Coupon and offer"); minAmount is the criteria amount in rupees. */
export const offerSchema = z
  .strictObject({
    name: requiredText(M.offerNameMax).max(TEXT_LIMITS.couponName, { error: M.offerNameMax }),
    type: z.enum(OFFER_TYPES, { error: M.offerTypeRequired }),
    description: requiredText(M.offerDescriptionMax).max(TEXT_LIMITS.couponDescription, {
      error: M.offerDescriptionMax,
    }),
    activation: instantField(M.activationRequired),
    expiry: instantField(M.expiryRequired),
    discount: numberish(M.discountInvalid).refine((v) => Number.isInteger(v) && v > 0 && v <= 100, {
      error: M.discountInvalid,
    }),
    minAmount: rupees(M.minAmountInvalid, 100000),
  })
  .refine((o) => o.expiry.getTime() > o.activation.getTime(), {
    error: M.expiryAfterActivation,
    path: ['expiry'],
    when: (payload) => {
      const v = payload.value as { activation?: unknown; expiry?: unknown };
      return v.activation instanceof Date && v.expiry instanceof Date;
    },
  });
export type OfferInput = z.input<typeof offerSchema>;

/**
 * Product fields (docs/product.md §5 "Product"); images travel beside them as files. `quantity` may be 0 only on edit.
 */
const productFields = {
  name: requiredText(M.productNameMax)
    .max(TEXT_LIMITS.productName, { error: M.productNameMax })
    .regex(LETTERS_AND_SPACES, { error: M.productNameLetters }),
  description: requiredText(M.descriptionRequired).max(TEXT_LIMITS.productDescription, { error: M.descriptionMax }),
  price: rupees(M.priceInvalid, 10_000_000),
  offer: optionalRef.optional(),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: M.categoryRequired })),
  brand: requiredText(M.brandRequired).max(TEXT_LIMITS.brand, { error: M.brandRequired }),
  color: z.enum(COLORS, { error: M.colorRequired }),
  size: requiredText(M.sizeRequired)
    .max(TEXT_LIMITS.size, { error: M.sizeRequired })
    .regex(SIZE_PATTERN, { error: M.sizeRequired }),
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

export const reviewSchema = z.strictObject({
  productId: id.optional(),
  rating: numberish(M.reviewRatingInvalid).refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, {
    error: M.reviewRatingInvalid,
  }),
  comment: requiredText(M.reviewTextRequired).max(REVIEW_TEXT_MAX, { error: M.reviewTextMax }),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const wishlistToggleSchema = z.strictObject({
  productId: id,
  color: z.enum(COLORS).optional(),
});

const qty = numberish(M.maxFivePerLine).refine((v) => Number.isInteger(v) && v >= 1 && v <= MAX_UNITS_PER_LINE, {
  error: M.maxFivePerLine,
});
export const addToCartSchema = z.strictObject({ productId: id, qty: qty.default(1) });
export const updateCartSchema = z.strictObject({ cartId: id, qty });
