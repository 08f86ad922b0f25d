import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../orders.ts';
import { cartSummary } from './cart.ts';
import { asPaise as p, percentOf } from './money.ts';
import { costAlonePaise, itemRefund, type RefundableOrder, type RefundedItem, splitByWeight } from './refunds.ts';

type Line = { pricePaise: number; discountPaise: number; qty: number };
type Coupon = { discount: number; maxAmountPaise: number; minAmountPaise?: number };

/** A prepaid order of these lines as checkout prices it, with the coupon's terms kept as the order keeps them. */
function orderOf(lines: Line[], coupon?: Coupon) {
  const priced = lines.map((l) => ({ ...l, pricePaise: p(l.pricePaise), discountPaise: p(l.discountPaise) }));
  const terms = coupon && {
    discount: coupon.discount,
    maxAmountPaise: p(coupon.maxAmountPaise),
    minAmountPaise: p(coupon.minAmountPaise ?? 0),
  };
  const s = cartSummary(priced, terms);
  // Each item keeps its line's GST as checkout sold it.
  const items: RefundedItem[] = priced.map((l, i) => ({
    id: `i${i}`,
    ...l,
    gstPercent: s.lines[i].gstPercent,
    couponSharePaise: s.lines[i].couponSharePaise,
    taxablePaise: s.lines[i].taxablePaise,
    taxPaise: s.lines[i].taxPaise,
    status: 'Pending' as ItemStatus,
    refundedPaise: p(0),
  }));
  const order: RefundableOrder = {
    couponDiscountPaise: s.couponDiscount,
    taxPaise: s.tax,
    shippingPaise: s.shipping,
    finalPaise: s.final,
    paymentMethod: 'wallet',
    couponTerms: terms ?? null,
  };
  return { order, items, final: s.final };
}

/** The items after `id` left the order with `refund`. */
const leave = (items: RefundedItem[], id: string, refund: number, to: ItemStatus = 'Cancelled') =>
  items.map((it) => (it.id === id ? { ...it, status: to, refundedPaise: p(refund) } : it));

/** Refunds every item one after another, each one cancelled before the next is refunded. */
function refundAll(lines: Line[], coupon?: Coupon, order = lines.map((_, i) => i)) {
  const o = orderOf(lines, coupon);
  const refunds: number[] = [];
  for (const index of order) {
    const id = `i${index}`;
    const refund = itemRefund(o.order, o.items, id).amountPaise;
    refunds.push(refund);
    o.items = leave(o.items, id, refund);
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

describe('itemRefund: the refunds of all items add up to the final amount', () => {
  const cases: Array<{ name: string; lines: Line[]; coupon?: Coupon }> = [
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
    // 449.10 + 22.46 tax (5 % of the price after the offer, 22.455 rounded up) + 50 shipping
    expect(itemRefund(o.order, o.items, 'i0').amountPaise).toBe(44_910 + 2_246 + 5_000);
    expect(itemRefund(o.order, o.items, 'i0').amountPaise).toBe(o.final);
  });

  it('shipping goes with the last live item only', () => {
    const o = orderOf([
      { pricePaise: 10_000, discountPaise: 0, qty: 1 },
      { pricePaise: 20_000, discountPaise: 0, qty: 1 },
    ]);
    expect(o.order.shippingPaise).toBe(5_000);
    expect(itemRefund(o.order, o.items, 'i0').amountPaise).toBe(10_000 + 500);
    const afterFirst = leave(o.items, 'i0', 10_500);
    expect(itemRefund(o.order, afterFirst, 'i1').amountPaise).toBe(20_000 + 1_000 + 5_000);
  });

  it('a delivered item keeps the shipping with it', () => {
    const o = orderOf([
      { pricePaise: 10_000, discountPaise: 0, qty: 1 },
      { pricePaise: 20_000, discountPaise: 0, qty: 1 },
    ]);
    const items = o.items.map((it) => (it.id === 'i1' ? { ...it, status: 'Delivered' as ItemStatus } : it));
    expect(itemRefund(o.order, items, 'i0').amountPaise).toBe(10_500);
  });

  it('an unknown item is an error', () => {
    const o = orderOf([{ pricePaise: 10_000, discountPaise: 0, qty: 1 }]);
    expect(() => itemRefund(o.order, o.items, 'nope')).toThrow();
  });
});

describe('itemRefund keeps back what the items kept no longer earn (docs/decisions/035-refunds-keep-what-was-earned.md)', () => {
  // The audit's order: a 50 % coupon with a ₹1,000 minimum on a ₹999 bag and a ₹499 filler.
  const bagAndFiller = () =>
    orderOf(
      [
        { pricePaise: 99_900, discountPaise: 0, qty: 1 },
        { pricePaise: 49_900, discountPaise: 0, qty: 1 },
      ],
      { discount: 50, maxAmountPaise: 1_000_000, minAmountPaise: 100_000 },
    );

  it('cancelling the filler refunds nothing: the bag alone would not get the coupon', () => {
    const o = bagAndFiller();
    // ₹1,498 − ₹749 coupon (₹499.50 + ₹249.50) + tax on what is left: ₹24.98 + ₹12.48.
    expect(o.final).toBe(78_646);
    const refund = itemRefund(o.order, o.items, 'i1');
    // Without the rule the filler gave back ₹261.98 and the bag ended up costing ₹524.48. What the coupon took off
    // the bag is kept back: its share ₹499.50 and the ₹24.97 less tax that share brought (₹49.95 − ₹24.98).
    expect(refund).toEqual({
      amountPaise: 0,
      linePaise: 26_198,
      shippingPaise: 0,
      carriedPaise: 0,
      keptBack: { couponPaise: 52_447, shippingPaise: 0 },
    });
    // The bag alone: ₹999 + ₹49.95 tax, free shipping, no coupon.
    expect(costAlonePaise(o.order, [o.items[0]])).toBe(104_895);
  });

  it('cancelling the bag afterwards gives back everything that was paid', () => {
    const o = bagAndFiller();
    const items = leave(o.items, 'i1', 0);
    const refund = itemRefund(o.order, items, 'i0');
    expect(refund.amountPaise).toBe(78_646);
    expect(refund.carriedPaise).toBe(26_198);
    expect(refund.keptBack).toEqual({ couponPaise: 0, shippingPaise: 0 });
  });

  it('keeps back the shipping fee when what is left no longer ships free', () => {
    // ₹600 + ₹200: ₹840 with tax ships free; the ₹600 bag alone (₹630) pays ₹50 shipping.
    const o = orderOf([
      { pricePaise: 60_000, discountPaise: 0, qty: 1 },
      { pricePaise: 20_000, discountPaise: 0, qty: 1 },
    ]);
    expect(o.order.shippingPaise).toBe(0);
    const refund = itemRefund(o.order, o.items, 'i1');
    expect(refund.amountPaise).toBe(21_000 - 5_000);
    expect(refund.keptBack).toEqual({ couponPaise: 0, shippingPaise: 5_000 });
    const last = itemRefund(o.order, leave(o.items, 'i1', 16_000), 'i0');
    expect(last.amountPaise).toBe(84_000 - 16_000);
  });

  it('keeps the coupon while what is left still reaches its minimum', () => {
    const o = orderOf(
      [
        { pricePaise: 150_000, discountPaise: 0, qty: 1 },
        { pricePaise: 20_000, discountPaise: 0, qty: 1 },
      ],
      { discount: 10, maxAmountPaise: 1_000_000, minAmountPaise: 100_000 },
    );
    const refund = itemRefund(o.order, o.items, 'i1');
    expect(refund.keptBack).toEqual({ couponPaise: 0, shippingPaise: 0 });
    expect(refund.amountPaise).toBe(refund.linePaise);
  });

  const lineArb = fc.record({
    pricePaise: fc.integer({ min: 100, max: 300_000 }),
    offerPercent: fc.integer({ min: 0, max: 90 }),
    qty: fc.integer({ min: 1, max: 5 }),
  });
  const orderArb = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
    coupon: fc.option(
      fc.record({
        discount: fc.integer({ min: 1, max: 100 }),
        maxAmountPaise: fc.integer({ min: 100, max: 1_000_000 }),
        // The minimum as a share of the cart after offers: a coupon applies only to a cart that reaches it.
        minShare: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    ),
    // Which items leave, in which order, and whether each is cancelled or returned.
    moves: fc.array(fc.record({ pick: fc.nat(), to: fc.constantFrom<ItemStatus>('Cancelled', 'Returned') }), {
      maxLength: 6,
    }),
  });

  it('property: what is paid net for the items still live never falls below what they would cost ordered alone', () => {
    fc.assert(
      fc.property(orderArb, ({ lines, coupon, moves }) => {
        const priced = lines.map((l) => ({
          pricePaise: l.pricePaise,
          discountPaise: percentOf(p(l.pricePaise), l.offerPercent),
          qty: l.qty,
        }));
        const afterOffers = priced.reduce((a, l) => a + (l.pricePaise - l.discountPaise) * l.qty, 0);
        const o = orderOf(
          priced,
          coupon ? { ...coupon, minAmountPaise: Math.floor(afterOffers * coupon.minShare) } : undefined,
        );
        let items = o.items;
        let refunded = 0;
        for (const move of moves) {
          const live = items.filter((i) => i.status !== 'Cancelled' && i.status !== 'Returned');
          if (live.length === 0) break;
          const leaving = live[move.pick % live.length];
          const paidBefore = o.final - refunded;
          const refund = itemRefund(o.order, items, leaving.id);
          expect(refund.amountPaise).toBeGreaterThanOrEqual(0);
          // Never more than the item's part plus what earlier refunds kept back.
          expect(refund.amountPaise).toBeLessThanOrEqual(refund.linePaise + refund.shippingPaise + refund.carriedPaise);
          refunded += refund.amountPaise;
          items = leave(items, leaving.id, refund.amountPaise, move.to);
          const kept = items.filter((i) => i.status !== 'Cancelled' && i.status !== 'Returned');
          const alone = costAlonePaise(o.order, kept);
          // The order shares its tax and coupon among lines to the paisa, where an order of fewer lines rounds its
          // own: they may differ by a paisa per line and one for the rounding of each total.
          const rounding = 2 * (kept.length + 1);
          // A refund never goes below zero: when nothing can be refunded, what was paid stays as it was.
          expect(o.final - refunded).toBeGreaterThanOrEqual(Math.min(paidBefore, alone - rounding));
        }
        if (items.every((i) => i.status === 'Cancelled' || i.status === 'Returned')) {
          expect(refunded).toBe(o.final);
        }
      }),
      { numRuns: 500 },
    );
  });
});
