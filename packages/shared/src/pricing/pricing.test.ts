import { describe, expect, it } from 'vitest';
import { cartSummary, type PricedLine } from './cart.ts';
import { formatINR, asPaise as p, percentOf, sumRupees, toPaise, toRupees } from './money.ts';
import { applicablePercent, type OfferTerms, offerIsActive, unitPrice } from './offers.ts';

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

describe('cart summary', () => {
  const line = (pricePaise: number, discountPaise: number, qty: number): PricedLine => ({
    pricePaise: p(pricePaise),
    discountPaise: p(discountPaise),
    qty,
  });

  it('adds prices and discounts by quantity and takes tax as 5 % of the total price', () => {
    const summary = cartSummary([line(129_900, 12_990, 2), line(49_900, 0, 1)]);
    expect(summary.totalPrice).toBe(309_700);
    expect(summary.discount).toBe(25_980);
    expect(summary.tax).toBe(15_485);
    expect(summary.shipping).toBe(0);
    expect(summary.couponDiscount).toBe(0);
    expect(summary.final).toBe(309_700 - 25_980 + 15_485);
  });

  it('ships free from exactly ₹700 (after discount, with tax) and charges ₹50 below it', () => {
    // 80 000 − 14 000 + 4 000 = 70 000 paise
    expect(cartSummary([line(80_000, 14_000, 1)])).toMatchObject({ tax: 4_000, shipping: 0, final: 70_000 });
    // one paisa less
    expect(cartSummary([line(80_000, 14_001, 1)])).toMatchObject({ shipping: 5_000, final: 69_999 + 5_000 });
    expect(cartSummary([line(20_000, 0, 1)])).toMatchObject({ tax: 1_000, shipping: 5_000, final: 26_000 });
  });

  it('caps the coupon discount at its maximum amount', () => {
    const lines = [line(200_000, 0, 1)];
    expect(cartSummary(lines, { discount: 10, maxAmountPaise: p(50_000) }).couponDiscount).toBe(20_000);
    const capped = cartSummary(lines, { discount: 50, maxAmountPaise: p(30_000) });
    expect(capped.couponDiscount).toBe(30_000);
    expect(capped.final).toBe(200_000 - 30_000 + 10_000);
  });

  it('takes the coupon percent of the price after offers', () => {
    expect(cartSummary([line(100_000, 20_000, 1)], { discount: 10, maxAmountPaise: p(100_000) }).couponDiscount).toBe(
      8_000,
    );
  });

  it('costs nothing when the cart is empty (no shipping, no tax)', () => {
    const empty = { totalPrice: 0, discount: 0, tax: 0, shipping: 0, couponDiscount: 0, final: 0 };
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
