import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartSummary, type PricedLine, shippingTax } from './cart.ts';
import { formatINR, asPaise as p, percentOf, sumRupees, toPaise, toRupees, valueInside } from './money.ts';
import { applicablePercent, type OfferTerms, offerIsActive, unitPrice, wholeRupeesBelow } from './offers.ts';

const NOW = new Date('2025-03-15T10:00:00.000Z');

function offer(overrides: Partial<OfferTerms> = {}): OfferTerms {
  return {
    discount: 10,
    activation: '2025-03-01T00:00:00.000Z',
    expiry: '2025-04-01T00:00:00.000Z',
    minAmountPaise: p(0),
    isBlocked: false,
    ...overrides,
  };
}

describe('offers: which one applies', () => {
  it.each([
    { product: 10, category: 20, best: 20 },
    { product: 30, category: 20, best: 30 },
    { product: 15, category: 15, best: 15 },
  ])('product $product % vs category $category % → $best %', ({ product, category, best }) => {
    const price = unitPrice(p(100_000), offer({ discount: product }), offer({ discount: category }), NOW);
    expect(price.discountPercent).toBe(best);
    expect(price.discountPaise).toBe(best * 1000);
    expect(price.finalPaise).toBe(100_000 - best * 1000);
  });

  it('uses one offer when the other is missing', () => {
    expect(unitPrice(p(50_000), null, offer({ discount: 12 }), NOW).discountPercent).toBe(12);
    expect(unitPrice(p(50_000), offer({ discount: 8 }), undefined, NOW).discountPercent).toBe(8);
    expect(unitPrice(p(50_000), null, null, NOW)).toEqual({
      pricePaise: 50_000,
      discountPercent: 0,
      discountPaise: 0,
      finalPaise: 50_000,
    });
  });

  it.each([
    ['blocked', offer({ discount: 40, isBlocked: true })],
    ['expired', offer({ discount: 40, activation: '2025-01-01T00:00:00Z', expiry: '2025-03-01T00:00:00Z' })],
    ['not started yet', offer({ discount: 40, activation: '2025-03-16T00:00:00Z', expiry: '2025-05-01T00:00:00Z' })],
  ])('ignores a %s offer and keeps the other one', (_label, ignored) => {
    expect(unitPrice(p(100_000), ignored, offer({ discount: 5 }), NOW).discountPercent).toBe(5);
    expect(unitPrice(p(100_000), offer({ discount: 5 }), ignored, NOW).discountPercent).toBe(5);
    expect(applicablePercent(ignored, p(100_000), NOW)).toBe(0);
  });

  it('is active from the activation instant (inclusive) until the expiry instant (exclusive)', () => {
    const terms = offer({ activation: '2025-03-15T10:00:00.000Z', expiry: '2025-03-20T00:00:00.000Z' });
    expect(offerIsActive(terms, new Date('2025-03-15T09:59:59.999Z'))).toBe(false);
    expect(offerIsActive(terms, new Date('2025-03-15T10:00:00.000Z'))).toBe(true);
    expect(offerIsActive(terms, new Date('2025-03-19T23:59:59.999Z'))).toBe(true);
    expect(offerIsActive(terms, new Date('2025-03-20T00:00:00.000Z'))).toBe(false);
    expect(offerIsActive(null, NOW)).toBe(false);
  });

  it('applies the criteria amount only when the unit price reaches it', () => {
    const terms = offer({ discount: 20, minAmountPaise: p(100_000) });
    expect(applicablePercent(terms, p(99_999), NOW)).toBe(0);
    expect(applicablePercent(terms, p(100_000), NOW)).toBe(20);
    expect(applicablePercent(terms, p(150_000), NOW)).toBe(20);
    expect(unitPrice(p(99_999), terms, offer({ discount: 5 }), NOW).discountPercent).toBe(5);
  });

  it('rounds the discount half up to the paisa', () => {
    expect(percentOf(p(1999), 5)).toBe(100); // 99.95
    expect(percentOf(p(1990), 5)).toBe(100); // 99.5
    expect(percentOf(p(1989), 5)).toBe(99); // 99.45
    expect(percentOf(p(129_900), 15)).toBe(19_485);
    expect(percentOf(p(333), 15)).toBe(50); // 49.95
    expect(unitPrice(p(1999), offer({ discount: 5 }), null, NOW)).toMatchObject({
      discountPaise: 100,
      finalPaise: 1899,
    });
  });
});

describe('prices after offers rounded to the rupee (the shop’s setting, off by default)', () => {
  it('drops a discounted price to the whole rupee below it', () => {
    // ₹4,499 with 20% off is ₹3,599.20: ₹3,599 rounded, ₹900 off (docs/decisions/060-offer-prices-to-the-rupee.md).
    expect(unitPrice(p(449_900), offer({ discount: 20 }), null, NOW, true)).toEqual({
      pricePaise: 449_900,
      discountPercent: 20,
      discountPaise: 90_000,
      finalPaise: 359_900,
    });
    expect(unitPrice(p(449_900), offer({ discount: 20 }), null, NOW).finalPaise).toBe(359_920);
  });

  it('leaves a price without an offer, and a price under one rupee, as they are', () => {
    expect(unitPrice(p(129_950), null, null, NOW, true).finalPaise).toBe(129_950);
    expect(unitPrice(p(99), offer({ discount: 20 }), null, NOW, true).finalPaise).toBe(79);
    expect(wholeRupeesBelow(p(100))).toBe(100);
    expect(wholeRupeesBelow(p(199))).toBe(100);
  });

  // A price charged above the one an offer shows would be an unfair trade practice (Consumer Protection Act 2019,
  // s. 2(47); docs/decisions/060-offer-prices-to-the-rupee.md): rounding only ever goes down.
  it('never gives less off than the offer says, nor takes a rupee or more beyond it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 100 }), (price, discount) => {
        const exact = unitPrice(p(price), offer({ discount }), null, NOW);
        const rounded = unitPrice(p(price), offer({ discount }), null, NOW, true);
        expect(rounded.discountPercent).toBe(exact.discountPercent);
        expect(rounded.finalPaise + rounded.discountPaise).toBe(price);
        expect(rounded.finalPaise).toBeLessThanOrEqual(exact.finalPaise);
        expect(exact.finalPaise - rounded.finalPaise).toBeLessThan(100);
        if (exact.finalPaise >= 100) expect(rounded.finalPaise % 100).toBe(0);
        else expect(rounded.finalPaise).toBe(exact.finalPaise);
      }),
    );
  });
});

describe('cart summary', () => {
  const line = (pricePaise: number, discountPaise: number, qty: number): PricedLine => ({
    pricePaise: p(pricePaise),
    discountPaise: p(discountPaise),
    qty,
  });

  // CGST Act s. 15(3)(a): a discount shown on the invoice is not part of the taxable value
  // (docs/decisions/042-gst-on-what-is-paid.md).
  it('adds prices and discounts by quantity and takes tax as 5 % of each line after its offer, rounded per line', () => {
    const summary = cartSummary([line(129_900, 12_990, 2), line(49_900, 0, 1)]);
    expect(summary.totalPrice).toBe(309_700);
    expect(summary.discount).toBe(25_980);
    // 5 % of 233 820 = 11 691 and 5 % of 49 900 = 2 495
    expect(summary.lines.map((l) => [l.taxablePaise, l.taxPaise])).toEqual([
      [233_820, 11_691],
      [49_900, 2_495],
    ]);
    expect(summary.tax).toBe(14_186);
    expect(summary.shipping).toBe(0);
    expect(summary.couponDiscount).toBe(0);
    expect(summary.final).toBe(309_700 - 25_980 + 14_186);
  });

  it('takes the tax after the coupon, the coupon shared by the lines after offer', () => {
    // coupon 10 % of 3 000.00 capped at 150.00; shares 100.00 and 50.00; tax 5 % of 1 900.00 and of 950.00
    const summary = cartSummary([line(200_000, 0, 1), line(100_000, 0, 1)], {
      discount: 10,
      maxAmountPaise: p(15_000),
    });
    expect(summary.couponDiscount).toBe(15_000);
    expect(summary.lines.map((l) => [l.couponSharePaise, l.taxablePaise, l.taxPaise, l.amountPaise])).toEqual([
      [10_000, 190_000, 9_500, 199_500],
      [5_000, 95_000, 4_750, 99_750],
    ]);
    expect(summary.tax).toBe(14_250);
    expect(summary.final).toBe(300_000 - 15_000 + 14_250);
  });

  it("rounds each line's tax half up on its own", () => {
    // 5 % of 333.33 = 16.6665 → 16.67 per line, three lines: 50.01 (one rounding of 999.99 would give 50.00)
    const summary = cartSummary([line(33_333, 0, 1), line(33_333, 0, 1), line(33_333, 0, 1)]);
    expect(summary.lines.map((l) => l.taxPaise)).toEqual([1_667, 1_667, 1_667]);
    expect(summary.tax).toBe(5_001);
  });

  it('ships free from exactly ₹700 (after discount, with tax) and charges ₹50 below it', () => {
    // 66 667 + 3 333 (5 % of 666.67 = 33.3335 → 33.33) = 70 000 paise
    expect(cartSummary([line(80_000, 13_333, 1)])).toMatchObject({ tax: 3_333, shipping: 0, final: 70_000 });
    // one paisa less on the line: 66 666 + 3 333 = 69 999
    expect(cartSummary([line(80_000, 13_334, 1)])).toMatchObject({ shipping: 5_000, final: 69_999 + 5_000 });
    expect(cartSummary([line(20_000, 0, 1)])).toMatchObject({ tax: 1_000, shipping: 5_000, final: 26_000 });
  });

  it('adds no tax when prices include GST, and takes the taxable value back out of each line', () => {
    const inclusive = { pricesIncludeGst: true };
    // ₹1,050.00 with GST inside: taxable 1 000.00, GST 50.00; ₹699.99 → 666.66 + 33.33; nothing added
    const summary = cartSummary([line(105_000, 0, 1), line(69_999, 0, 1)], null, inclusive);
    expect(summary.lines.map((l) => [l.taxablePaise, l.taxPaise, l.amountPaise])).toEqual([
      [100_000, 5_000, 105_000],
      [66_666, 3_333, 69_999],
    ]);
    expect(summary).toMatchObject({ tax: 8_333, shipping: 0, final: 174_999, pricesIncludeGst: true });
    // free shipping compares the amount paid for the bags: ₹699.99 alone pays ₹50 for delivery
    expect(cartSummary([line(69_999, 0, 1)], null, inclusive)).toMatchObject({ shipping: 5_000, final: 74_999 });
  });

  it("shows the delivery charge's GST inside it: ₹50 = ₹47.62 + ₹2.38 (s. 15(2)(c))", () => {
    expect(shippingTax(p(5_000))).toEqual({ taxablePaise: 4_762, taxPaise: 238 });
    expect(shippingTax(p(0))).toEqual({ taxablePaise: 0, taxPaise: 0 });
    // 1.05 × 47.62 = 50.001: the value inside is rounded half up, the GST is the rest
    expect(valueInside(p(105), 5)).toBe(100);
    expect(valueInside(p(1), 5)).toBe(1);
    expect(valueInside(p(2_100), 5)).toBe(2_000);
  });

  it('caps the coupon discount at its maximum amount', () => {
    const lines = [line(200_000, 0, 1)];
    expect(cartSummary(lines, { discount: 10, maxAmountPaise: p(50_000) }).couponDiscount).toBe(20_000);
    const capped = cartSummary(lines, { discount: 50, maxAmountPaise: p(30_000) });
    expect(capped.couponDiscount).toBe(30_000);
    // tax on what is paid after the coupon: 5 % of 1 700.00
    expect(capped.final).toBe(200_000 - 30_000 + 8_500);
  });

  it('takes the coupon percent of the price after offers', () => {
    expect(cartSummary([line(100_000, 20_000, 1)], { discount: 10, maxAmountPaise: p(100_000) }).couponDiscount).toBe(
      8_000,
    );
  });

  it('costs nothing when the cart is empty (no shipping, no tax)', () => {
    const empty = {
      totalPrice: 0,
      discount: 0,
      tax: 0,
      shipping: 0,
      couponDiscount: 0,
      final: 0,
      pricesIncludeGst: false,
      lines: [],
    };
    expect(cartSummary([])).toEqual(empty);
    expect(cartSummary([], { discount: 10, maxAmountPaise: p(1_000) })).toEqual(empty);
  });
});

describe('money', () => {
  it('formats rupees the Indian way', () => {
    expect(formatINR(p(12_345_600))).toBe('₹1,23,456.00');
    expect(formatINR(p(129_900))).toBe('₹1,299.00');
    expect(formatINR(p(5_000))).toBe('₹50.00');
    expect(formatINR(p(0))).toBe('₹0.00');
    expect(formatINR(p(1_000_000_050))).toBe('₹1,00,00,000.50');
  });

  it('converts rupees to paise and back without float drift', () => {
    expect(toPaise(1299.99)).toBe(129_999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(p(129_999))).toBe(1299.99);
  });
});

describe('sumRupees', () => {
  it('adds rupee amounts through paise, exact to the paisa', () => {
    expect(sumRupees([0.1, 0.2, 1299.99])).toBe(1300.29);
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumRupees([])).toBe(0);
  });
});
