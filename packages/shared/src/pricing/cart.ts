import {
  addPaise,
  asPaise,
  minPaise,
  type Paise,
  percentOf,
  splitByWeight,
  subtractPaise,
  sumPaise,
  timesQuantity,
  valueInside,
  ZERO_PAISE,
} from './money.ts';

/** GST on bags (HSN 4202), and on the delivery charge that is part of their supply (CGST Act s. 15(2)(c)). */
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

/** How listed prices are read: `PRICES_INCLUDE_GST` (docs/decisions/042-gst-on-what-is-paid.md). */
export interface TaxBasis {
  pricesIncludeGst: boolean;
}

export const PRICES_EXCLUDE_GST: TaxBasis = { pricesIncludeGst: false };

/**
 * One line as sold: its share of the coupon, the value GST is charged on, the GST and what the shopper pays for the
 * line (taxable value + GST). Kept with the order's item, so an invoice never changes after the sale.
 */
export interface SoldLine {
  gstPercent: number;
  couponSharePaise: Paise;
  taxablePaise: Paise;
  taxPaise: Paise;
  amountPaise: Paise;
}

export interface CartSummary {
  totalPrice: Paise;
  discount: Paise;
  /** The GST of the lines: added to the total, or inside it when prices include GST. */
  tax: Paise;
  shipping: Paise;
  couponDiscount: Paise;
  final: Paise;
  pricesIncludeGst: boolean;
  /** The lines' figures, in the order given. */
  lines: SoldLine[];
}

/** Σ (price − offer discount) × qty: what a coupon's percent and minimum amount apply to. */
export function afterOffersOf(lines: readonly PricedLine[]): Paise {
  return sumPaise(lines.map((l) => timesQuantity(subtractPaise(l.pricePaise, l.discountPaise), l.qty)));
}

/**
 * The GST of what the shopper pays for a line after its offer and coupon (CGST Act s. 15(3)(a): a discount shown on
 * the invoice is not part of the value). Prices without GST: 5 % of it is added, rounded half up. Prices with GST:
 * the taxable value is taken back out of it and the GST is the rest.
 */
export function taxOfLine(valuePaise: Paise, gstPercent: number, basis: TaxBasis): Omit<SoldLine, 'couponSharePaise'> {
  if (basis.pricesIncludeGst) {
    const taxablePaise = valueInside(valuePaise, gstPercent);
    return { gstPercent, taxablePaise, taxPaise: subtractPaise(valuePaise, taxablePaise), amountPaise: valuePaise };
  }
  const taxPaise = percentOf(valuePaise, gstPercent);
  return { gstPercent, taxablePaise: valuePaise, taxPaise, amountPaise: addPaise(valuePaise, taxPaise) };
}

/** The delivery charge as invoiced: what the shopper pays (₹50) holds its taxable value and GST (₹47.62 + ₹2.38). */
export function shippingTax(shippingPaise: Paise, gstPercent = TAX_PERCENT): { taxablePaise: Paise; taxPaise: Paise } {
  const taxablePaise = valueInside(shippingPaise, gstPercent);
  return { taxablePaise, taxPaise: subtractPaise(shippingPaise, taxablePaise) };
}

const EMPTY: Omit<CartSummary, 'pricesIncludeGst'> = {
  totalPrice: ZERO_PAISE,
  discount: ZERO_PAISE,
  tax: ZERO_PAISE,
  shipping: ZERO_PAISE,
  couponDiscount: ZERO_PAISE,
  final: ZERO_PAISE,
  lines: [],
};

/**
 * docs/product.md §10.3 as the law reads it (docs/decisions/042-gst-on-what-is-paid.md): total = Σ price × qty;
 * discount = Σ offer discount × qty; coupon = min(coupon % of (total − discount), max), shared over the lines by their
 * value after offers; tax = Σ per line 5 % of (line − offer − coupon share), rounded per line; shipping free when
 * (total − discount + tax) ≥ ₹700, else ₹50; final = total − discount − coupon + tax + shipping. With prices that
 * include GST no tax is added (the lines' GST is inside them). An empty cart costs nothing.
 */
export function cartSummary(
  lines: readonly PricedLine[],
  coupon?: CouponTerms | null,
  basis: TaxBasis = PRICES_EXCLUDE_GST,
): CartSummary {
  const totalPrice = sumPaise(lines.map((l) => timesQuantity(l.pricePaise, l.qty)));
  if (totalPrice === 0) return { ...EMPTY, pricesIncludeGst: basis.pricesIncludeGst };
  const discount = sumPaise(lines.map((l) => timesQuantity(l.discountPaise, l.qty)));
  const afterOffers = afterOffersOf(lines);
  const couponDiscount = coupon ? minPaise(percentOf(afterOffers, coupon.discount), coupon.maxAmountPaise) : ZERO_PAISE;
  const nets = lines.map((l) => timesQuantity(subtractPaise(l.pricePaise, l.discountPaise), l.qty));
  const shares = splitByWeight(couponDiscount, nets);
  const sold = nets.map((net, i) => ({
    couponSharePaise: shares[i],
    ...taxOfLine(subtractPaise(net, shares[i]), TAX_PERCENT, basis),
  }));
  const tax = sumPaise(sold.map((l) => l.taxPaise));
  const added = basis.pricesIncludeGst ? ZERO_PAISE : tax;
  const shipping = addPaise(afterOffers, added) >= FREE_SHIPPING_FROM_PAISE ? ZERO_PAISE : SHIPPING_PAISE;
  return {
    totalPrice,
    discount,
    tax,
    shipping,
    couponDiscount,
    final: addPaise(subtractPaise(afterOffers, couponDiscount), added, shipping),
    pricesIncludeGst: basis.pricesIncludeGst,
    lines: sold,
  };
}
