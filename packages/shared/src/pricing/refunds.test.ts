import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../orders.ts';
import { cartSummary } from './cart.ts';
import { asPaise as p } from './money.ts';
import { itemRefundPaise, type RefundItem, splitByWeight } from './refunds.ts';

type Line = { pricePaise: number; discountPaise: number; qty: number };

function orderOf(lines: Line[], coupon?: { discount: number; maxAmountPaise: number }) {
  const priced = lines.map((l) => ({ ...l, pricePaise: p(l.pricePaise), discountPaise: p(l.discountPaise) }));
  const s = cartSummary(priced, coupon && { ...coupon, maxAmountPaise: p(coupon.maxAmountPaise) });
  const items: RefundItem[] = priced.map((l, i) => ({ id: `i${i}`, ...l, status: 'Pending' as ItemStatus }));
  return {
    order: { couponDiscountPaise: s.couponDiscount, taxPaise: s.tax, shippingPaise: s.shipping },
    items,
    final: s.final,
  };
}

/** Refunds every item one after another, each one cancelled before the next is refunded. */
function refundAll(
  lines: Line[],
  coupon?: { discount: number; maxAmountPaise: number },
  order = lines.map((_, i) => i),
) {
  const o = orderOf(lines, coupon);
  const refunds: number[] = [];
  for (const index of order) {
    const id = `i${index}`;
    refunds.push(itemRefundPaise(o.order, o.items, id));
    o.items = o.items.map((it) => (it.id === id ? { ...it, status: 'Cancelled' } : it));
  }
  return { refunds, final: o.final };
}

describe('splitByWeight', () => {
  it.each([
    { total: 100, weights: [1, 1, 1], shares: [34, 33, 33] },
    { total: 0, weights: [5, 7], shares: [0, 0] },
    { total: 7, weights: [0, 0], shares: [0, 0] },
    { total: 10, weights: [1, 3], shares: [3, 7] },
    { total: 1, weights: [2, 2], shares: [1, 0] },
    { total: 999, weights: [333, 333, 334], shares: [333, 333, 333] },
  ])('$total over $weights → $shares', ({ total, weights, shares }) => {
    expect(splitByWeight(p(total), weights)).toEqual(shares);
    expect(splitByWeight(p(total), weights).reduce((a, b) => a + b, 0)).toBe(weights.some((w) => w) ? total : 0);
  });
});

describe('itemRefundPaise: the refunds of all items add up to the final amount', () => {
  const cases: Array<{ name: string; lines: Line[]; coupon?: { discount: number; maxAmountPaise: number } }> = [
    { name: 'one cheap item (shipping charged)', lines: [{ pricePaise: 49_900, discountPaise: 0, qty: 1 }] },
    { name: 'one dear item (free shipping)', lines: [{ pricePaise: 149_900, discountPaise: 14_990, qty: 2 }] },
    {
      name: 'three lines with odd paise and a coupon',
      lines: [
        { pricePaise: 33_333, discountPaise: 3_333, qty: 1 },
        { pricePaise: 19_999, discountPaise: 0, qty: 3 },
        { pricePaise: 12_345, discountPaise: 1_235, qty: 5 },
      ],
      coupon: { discount: 7, maxAmountPaise: 1_000_000 },
    },
    {
      name: 'coupon capped at its maximum',
      lines: [
        { pricePaise: 250_000, discountPaise: 25_000, qty: 2 },
        { pricePaise: 99_900, discountPaise: 0, qty: 1 },
      ],
      coupon: { discount: 50, maxAmountPaise: 100_000 },
    },
    {
      name: 'two small lines under free shipping',
      lines: [
        { pricePaise: 10_001, discountPaise: 1_000, qty: 1 },
        { pricePaise: 20_003, discountPaise: 0, qty: 1 },
      ],
      coupon: { discount: 3, maxAmountPaise: 50_000 },
    },
  ];

  it.each(cases)('$name', ({ lines, coupon }) => {
    const forward = refundAll(lines, coupon);
    expect(forward.refunds.reduce((a, b) => a + b, 0)).toBe(forward.final);
    const backward = refundAll(
      lines,
      coupon,
      lines.map((_, i) => lines.length - 1 - i),
    );
    expect(backward.refunds.reduce((a, b) => a + b, 0)).toBe(backward.final);
  });

  it('a single-line order refunds exactly its final amount', () => {
    const o = orderOf([{ pricePaise: 49_900, discountPaise: 4_990, qty: 1 }]);
    // 449.10 + 24.95 tax + 50 shipping
    expect(itemRefundPaise(o.order, o.items, 'i0')).toBe(44_910 + 2_495 + 5_000);
    expect(itemRefundPaise(o.order, o.items, 'i0')).toBe(o.final);
  });

  it('shipping goes with the last live item only', () => {
    const o = orderOf([
      { pricePaise: 10_000, discountPaise: 0, qty: 1 },
      { pricePaise: 20_000, discountPaise: 0, qty: 1 },
    ]);
    expect(o.order.shippingPaise).toBe(5_000);
    expect(itemRefundPaise(o.order, o.items, 'i0')).toBe(10_000 + 500);
    const afterFirst = o.items.map((it) => (it.id === 'i0' ? { ...it, status: 'Cancelled' as ItemStatus } : it));
    expect(itemRefundPaise(o.order, afterFirst, 'i1')).toBe(20_000 + 1_000 + 5_000);
  });

  it('a delivered item keeps the shipping with it', () => {
    const o = orderOf([
      { pricePaise: 10_000, discountPaise: 0, qty: 1 },
      { pricePaise: 20_000, discountPaise: 0, qty: 1 },
    ]);
    const items = o.items.map((it) => (it.id === 'i1' ? { ...it, status: 'Delivered' as ItemStatus } : it));
    expect(itemRefundPaise(o.order, items, 'i0')).toBe(10_500);
  });

  it('an unknown item is an error', () => {
    const o = orderOf([{ pricePaise: 10_000, discountPaise: 0, qty: 1 }]);
    expect(() => itemRefundPaise(o.order, o.items, 'nope')).toThrow();
  });
});
