import type { Color, OfferType } from './catalogue.ts';
import type { AppliedCouponDto } from './coupon-types.ts';
import type { CartSummary } from './pricing/cart.ts';

/** Shapes of the catalogue API (docs/product.md §3, §7). Money in rupees, as the HTTP API speaks. */
export interface OfferDto {
  _id: string;
  name: string;
  type: OfferType;
  description: string;
  activation: string;
  expiry: string;
  discount: number;
  /** Criteria amount in rupees. */
  minAmount: number;
  isExist: boolean;
  /** Active now (not blocked, within its dates). */
  active: boolean;
}

export interface CategoryDto {
  _id: string;
  name: string;
  offer: OfferDto | null;
  isExist: boolean;
  productCount?: number;
}

export interface ProductDto {
  _id: string;
  name: string;
  description: string;
  price: number;
  offer: OfferDto | null;
  category: CategoryDto;
  quantity: number;
  brand: string;
  color: Color;
  size: string;
  /** Large webp images, in display order. */
  pdImage: string[];
  /** Small webp images, same order. */
  thumbs: string[];
  isExist: boolean;
  /** False when the product or its category is blocked: visible by id, not for sale. */
  available: boolean;
  rating: number;
  numReviews: number;
  /** Server-computed unit pricing: best offer percent, discount per unit and price after offer, in rupees. */
  discountPercent: number;
  discount: number;
  finalPrice: number;
  createdAt: string;
}

export interface ReviewDto {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface ProductDetailDto extends ProductDto {
  reviews: ReviewDto[];
  /** True when the signed-in caller has already reviewed it. */
  reviewedByMe?: boolean;
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
  page: number;
  pages: number;
}

export interface CartLineDto {
  _id: string;
  productId: string;
  name: string;
  image: string;
  color: Color;
  /** Unit price and offer discount per unit, rupees. */
  price: number;
  discount: number;
  qty: number;
  /** Stock left. */
  originalQuantity: number;
  available: boolean;
}

export interface CartDto {
  carts: CartLineDto[];
  /** In rupees. */
  summary: { [K in keyof CartSummary]: number };
  /** The applied coupon; the summary counts it only while it still applies. */
  coupon?: AppliedCouponDto | null;
}

export interface WishlistEntryDto {
  productId: ProductDto;
  color: Color;
}
