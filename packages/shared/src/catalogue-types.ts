import type { z } from 'zod';
import type {
  cartAnswer,
  cartLineAnswer,
  categoryAnswer,
  offerAnswer,
  productAnswer,
  productCardAnswer,
  productCardPageAnswer,
  productDetailAnswer,
  productPageAnswer,
  reviewAnswer,
  wishlistEntryAnswer,
} from './schemas/catalogue.ts';

/** Shapes of the catalogue API (docs/product.md §3, §7), inferred from its response schemas. Money in rupees. */
export type OfferDto = z.infer<typeof offerAnswer>;

export type CategoryDto = z.infer<typeof categoryAnswer>;

export type ProductDto = z.infer<typeof productAnswer>;

export type ReviewDto = z.infer<typeof reviewAnswer>;

export type ProductDetailDto = z.infer<typeof productDetailAnswer>;

export type ProductPage = z.infer<typeof productPageAnswer>;

/** What a list of products (shop page, home sections, related, by id) carries of each. */
export type ProductCardDto = z.infer<typeof productCardAnswer>;

export type ProductCardPage = z.infer<typeof productCardPageAnswer>;

export type CartLineDto = z.infer<typeof cartLineAnswer>;

export type CartDto = z.infer<typeof cartAnswer>;

export type WishlistEntryDto = z.infer<typeof wishlistEntryAnswer>;
