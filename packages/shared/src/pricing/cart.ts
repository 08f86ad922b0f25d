import { type Paise, percentOf } from './money.ts';

export const TAX_PERCENT = 5;
export const FREE_SHIPPING_FROM_PAISE: Paise = 70_000;
export const SHIPPING_PAISE: Paise = 5_000;

export interface PricedLine {
  pricePaise: Paise;
  /** Offer discount per unit. */
  discountPaise: Paise;
  qty: number;
}

export interface CouponTerms {
  discount: number;
  maxAmountPaise: Paise;
}

export interface CartSummary {
  totalPrice: Paise;
  discount: Paise;
  tax: Paise;
  shipping: Paise;
  couponDiscount: Paise;
  final: Paise;
}

/**
 * docs/product.md §10.3: total = Σ price × qty; discount = Σ offer discount × qty; tax = 5 % of total;
 * shipping free when (total − discount + tax) ≥ ₹700, else ₹50; coupon = min(coupon % of (total − discount), max);
 * final = total − discount − coupon + tax + shipping. An empty cart costs nothing.
 */
export function cartSummary(lines: readonly PricedLine[], coupon?: CouponTerms | null): CartSummary {
  const totalPrice = lines.reduce((sum, l) => sum + l.pricePaise * l.qty, 0);
  const discount = lines.reduce((sum, l) => sum + l.discountPaise * l.qty, 0);
  if (totalPrice === 0) return { totalPrice: 0, discount: 0, tax: 0, shipping: 0, couponDiscount: 0, final: 0 };
  const tax = percentOf(totalPrice, TAX_PERCENT);
  const shipping = totalPrice - discount + tax >= FREE_SHIPPING_FROM_PAISE ? 0 : SHIPPING_PAISE;
  const couponDiscount = coupon
    ? Math.min(percentOf(totalPrice - discount, coupon.discount), coupon.maxAmountPaise)
    : 0;
  return {
    totalPrice,
    discount,
    tax,
    shipping,
    couponDiscount,
    final: totalPrice - discount - couponDiscount + tax + shipping,
  };
}
