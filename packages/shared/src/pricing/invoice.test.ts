import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../orders.ts';
import { cartSummary, TAX_PERCENT } from './cart.ts';
import {
  creditNoteFigures,
  documentNumber,
  financialYearOf,
  invoiceFigures,
  invoiceLineFigures,
  splitGst,
} from './invoice.ts';
import { asPaise as p, percentOf } from './money.ts';
import { itemRefund, type RefundItem } from './refunds.ts';

const cart = fc.record({
  lines: fc.array(
    fc.record({
      pricePaise: fc.integer({ min: 100, max: 500_000 }),
      offerPercent: fc.integer({ min: 0, max: 90 }),
      qty: fc.integer({ min: 1, max: 5 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  coupon: fc.option(
    fc.record({ discount: fc.integer({ min: 1, max: 100 }), maxAmountPaise: fc.integer({ min: 1, max: 300_000 }) }),
  ),
});

type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

function orderOf({ lines, coupon }: Cart) {
  const priced = lines.map((l) => ({
    pricePaise: p(l.pricePaise),
    discountPaise: percentOf(p(l.pricePaise), l.offerPercent),
    qty: l.qty,
  }));
  const s = cartSummary(priced, coupon && { discount: coupon.discount, maxAmountPaise: p(coupon.maxAmountPaise) });
  const items: RefundItem[] = priced.map((l, i) => ({ id: `i${i}`, ...l, status: 'Pending' as ItemStatus }));
  return { order: { couponDiscountPaise: s.couponDiscount, taxPaise: s.tax, shippingPaise: s.shipping }, items, s };
}

describe('invoice figures', () => {
  it('charge each line 5 % of its taxable value and add up to the tax and the amount paid', () => {
    fc.assert(
      fc.property(cart, (c) => {
        const { order, items, s } = orderOf(c);
        const invoice = invoiceFigures(order, items);
        for (const line of invoice.lines) {
          expect(percentOf(line.taxablePaise, TAX_PERCENT)).toBe(line.taxPaise);
          expect(line.grossPaise + line.taxPaise - line.discountPaise).toBe(line.amountPaise);
          expect(Math.abs(line.taxablePaise - line.grossPaise)).toBeLessThanOrEqual(25);
          expect(line.discountPaise).toBeGreaterThanOrEqual(0);
        }
        expect(invoice.taxPaise).toBe(s.tax);
        expect(invoice.grossPaise + invoice.taxPaise - invoice.discountPaise + invoice.shippingPaise).toBe(s.final);
        expect(invoice.totalPaise).toBe(s.final);
      }),
      { numRuns: 300 },
    );
  });

  it('credit notes of every item in turn give back the invoice total, each equal to its refund', () => {
    fc.assert(
      fc.property(cart, fc.func(fc.integer()), (c, order$) => {
        const { order, items, s } = orderOf(c);
        const paid = { ...order, finalPaise: s.final, paymentMethod: 'wallet' as const, couponTerms: null };
        let current = items.map((i) => ({ ...i, refundedPaise: p(0) }));
        let credited = 0;
        const sequence = [...items].sort((a, b) => order$(a.id) - order$(b.id));
        for (const item of sequence) {
          const refund = itemRefund(paid, current, item.id);
          const note = creditNoteFigures(order, current, item.id, refund.amountPaise, refund);
          expect(note.shippingPaise === 0 || note.shippingPaise === order.shippingPaise).toBe(true);
          if (refund.amountPaise > 0) {
            const { couponPaise, shippingPaise } = note.keptBack;
            expect(note.line.amountPaise + note.shippingPaise + note.carriedPaise - couponPaise - shippingPaise).toBe(
              refund.amountPaise,
            );
          }
          expect(note.totalPaise).toBe(refund.amountPaise);
          credited += note.totalPaise;
          current = current.map((i) =>
            i.id === item.id ? { ...i, status: 'Returned' as ItemStatus, refundedPaise: refund.amountPaise } : i,
          );
        }
        expect(credited).toBe(s.final);
      }),
      { numRuns: 200 },
    );
  });

  it('moves a taxable value off the price by the paise the one rounding of the tax gives its line', () => {
    // Tax 5 % of ₹3,376.20 = ₹168.81, shared ₹21.01 + ₹147.80; 5 % of ₹2,956.10 is ₹147.81, of ₹2,956.09 ₹147.80.
    const { order, items } = orderOf({
      lines: [
        { pricePaise: 42_010, offerPercent: 0, qty: 1 },
        { pricePaise: 295_610, offerPercent: 0, qty: 1 },
      ],
      coupon: null,
    });
    const [first, second] = invoiceLineFigures(order, items);
    expect(first).toMatchObject({ grossPaise: 42_010, taxablePaise: 42_010, taxPaise: 2_101, amountPaise: 44_111 });
    expect(second).toMatchObject({
      grossPaise: 295_610,
      taxablePaise: 295_609,
      taxPaise: 14_780,
      amountPaise: 310_390,
    });
  });

  it('leaves out lines not invoiced, and the shipping with the last of them', () => {
    const { order, items } = orderOf({
      lines: [
        { pricePaise: 49_900, offerPercent: 10, qty: 1 },
        { pricePaise: 19_999, offerPercent: 0, qty: 2 },
      ],
      coupon: null,
    });
    const lines = invoiceLineFigures(order, items);
    const one = invoiceFigures(order, items, (i) => i.id === 'i1');
    expect(one.lines).toEqual([lines[1]]);
    expect(one.totalPaise).toBe(lines[1].amountPaise + order.shippingPaise);
    expect(invoiceFigures(order, items, () => false).totalPaise).toBe(0);
  });

  it('presents a worked example', () => {
    // ₹1,999.00 × 1 with a 10 % offer and ₹333.33 × 3, coupon 10 % up to ₹150: tax 5 % of ₹2,998.99 = ₹149.95.
    const { order, items, s } = orderOf({
      lines: [
        { pricePaise: 199_900, offerPercent: 10, qty: 1 },
        { pricePaise: 33_333, offerPercent: 0, qty: 3 },
      ],
      coupon: { discount: 10, maxAmountPaise: 15_000 },
    });
    expect(s).toMatchObject({ tax: 14_995, couponDiscount: 15_000, shipping: 0, final: 279_904 });
    expect(invoiceLineFigures(order, items)).toEqual([
      {
        itemId: 'i0',
        qty: 1,
        grossPaise: 199_900,
        taxablePaise: 199_900,
        taxPaise: 9_995,
        discountPaise: 29_631,
        amountPaise: 180_264,
      },
      {
        itemId: 'i1',
        qty: 3,
        grossPaise: 99_999,
        taxablePaise: 99_999,
        taxPaise: 5_000,
        discountPaise: 5_359,
        amountPaise: 99_640,
      },
    ]);
  });
});

describe('splitGst', () => {
  it('halves the tax inside the state (odd paisa to CGST) and keeps it whole outside', () => {
    expect(splitGst(p(2_499), true)).toEqual({ cgstPaise: 1_250, sgstPaise: 1_249, igstPaise: 0 });
    expect(splitGst(p(2_499), false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 2_499 });
  });
});

describe('financial years and numbers', () => {
  it('turns over at midnight of 1 April India time', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('27-28');
    expect(financialYearOf(new Date('2026-11-24T12:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
  });

  it('writes at most 16 characters', () => {
    expect(documentNumber('INV', '26-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('CN', '26-27', 999_999)).toBe('CN/26-27/999999');
    expect(documentNumber('INV', '26-27', 999_999).length).toBe(16);
  });
});
