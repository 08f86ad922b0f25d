import {
  addPaise,
  asPaise,
  minPaise,
  type Paise,
  percentOf,
  subtractPaise,
  sumPaise,
  timesQuantity,
  ZERO_PAISE,
} from './money.ts';

export const TAX_PERCENT = 5;
export const FREE_SHIPPING_FROM_PAISE = asPaise(70_000);
export const SHIPPING_PAISE = asPaise(5_000);

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

/** Σ (price − offer discount) × qty: what a coupon's percent and minimum amount apply to. */
export function afterOffersOf(lines: readonly PricedLine[]): Paise {
  return sumPaise(lines.map((l) => timesQuantity(subtractPaise(l.pricePaise, l.discountPaise), l.qty)));
}

/**
 * docs/product.md §10.3: total = Σ price × qty; discount = Σ offer discount × qty; tax = 5 % of total;
 * shipping free when (total − discount + tax) ≥ ₹700, else ₹50; coupon = min(coupon % of (total − discount), max);
 * final = total − discount − coupon + tax + shipping. An empty cart costs nothing.
 */
export function cartSummary(lines: readonly PricedLine[], coupon?: CouponTerms | null): CartSummary {
  const totalPrice = sumPaise(lines.map((l) => timesQuantity(l.pricePaise, l.qty)));
  const discount = sumPaise(lines.map((l) => timesQuantity(l.discountPaise, l.qty)));
  if (totalPrice === 0) {
    return {
      totalPrice: ZERO_PAISE,
      discount: ZERO_PAISE,
      tax: ZERO_PAISE,
      shipping: ZERO_PAISE,
      couponDiscount: ZERO_PAISE,
      final: ZERO_PAISE,
    };
  }
  const afterOffers = afterOffersOf(lines);
  const tax = percentOf(totalPrice, TAX_PERCENT);
  const shipping = addPaise(afterOffers, tax) >= FREE_SHIPPING_FROM_PAISE ? ZERO_PAISE : SHIPPING_PAISE;
  const couponDiscount = coupon ? minPaise(percentOf(afterOffers, coupon.discount), coupon.maxAmountPaise) : ZERO_PAISE;
  return {
    totalPrice,
    discount,
    tax,
    shipping,
    couponDiscount,
    final: addPaise(subtractPaise(afterOffers, couponDiscount), tax, shipping),
  };
}
