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
  orderInvoiceFigures,
  splitGst,
} from './invoice.ts';
import { asPaise as p, percentOf, valueInside } from './money.ts';
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
  pricesIncludeGst: fc.boolean(),
});

type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

/** An order of these lines as checkout sells it: each item keeps its line's GST. */
function orderOf({
  lines,
  coupon,
  pricesIncludeGst = false,
}: Omit<Cart, 'pricesIncludeGst'> & { pricesIncludeGst?: boolean }) {
  const priced = lines.map((l) => ({
    pricePaise: p(l.pricePaise),
    discountPaise: percentOf(p(l.pricePaise), l.offerPercent),
    qty: l.qty,
  }));
  const terms = coupon && { discount: coupon.discount, maxAmountPaise: p(coupon.maxAmountPaise) };
  const s = cartSummary(priced, terms, { pricesIncludeGst });
  const items: RefundItem[] = priced.map((l, i) => ({
    id: `i${i}`,
    ...l,
    status: 'Pending' as ItemStatus,
    gstPercent: s.lines[i].gstPercent,
    couponSharePaise: s.lines[i].couponSharePaise,
    taxablePaise: s.lines[i].taxablePaise,
    taxPaise: s.lines[i].taxPaise,
  }));
  const order = { couponDiscountPaise: s.couponDiscount, taxPaise: s.tax, shippingPaise: s.shipping, pricesIncludeGst };
  return { order, items, s };
}

describe('invoice figures', () => {
  // CGST Act s. 15(3)(a): the taxable value is what is paid after the discounts shown on the invoice;
  // s. 15(2)(c): the delivery charge is part of the value of the supply (docs/decisions/042-gst-on-what-is-paid.md).
  it('tax each line on its value after offer and coupon, and add up to the tax and the amount paid', () => {
    fc.assert(
      fc.property(cart, (c) => {
        const { order, items, s } = orderOf(c);
        const invoice = invoiceFigures(order, items);
        for (const line of invoice.lines) {
          const afterDiscounts = line.grossPaise - line.discountPaise;
          if (c.pricesIncludeGst) {
            expect(line.taxablePaise + line.taxPaise).toBe(afterDiscounts);
            expect(line.taxablePaise).toBe(valueInside(p(afterDiscounts), TAX_PERCENT));
          } else {
            expect(line.taxablePaise).toBe(afterDiscounts);
            expect(line.taxPaise).toBe(percentOf(line.taxablePaise, TAX_PERCENT));
          }
          expect(line.taxablePaise + line.taxPaise).toBe(line.amountPaise);
          expect(line.discountPaise).toBeGreaterThanOrEqual(0);
        }
        expect(invoice.taxPaise).toBe(s.tax);
        expect(invoice.shippingTaxablePaise + invoice.shippingTaxPaise).toBe(invoice.shippingPaise);
        const added = c.pricesIncludeGst ? 0 : invoice.taxPaise;
        expect(invoice.grossPaise - invoice.discountPaise + added + invoice.shippingPaise).toBe(s.final);
        expect(invoice.taxablePaise + invoice.taxPaise + invoice.shippingPaise).toBe(s.final);
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

  it('prints an order sold before lines kept their GST as its invoice printed it (docs/decisions/027-gst-invoice.md)', () => {
    // Tax then: 5 % of ₹3,376.20 = ₹168.81, shared ₹21.01 + ₹147.80; 5 % of ₹2,956.10 is ₹147.81, of ₹2,956.09 ₹147.80.
    const order = { couponDiscountPaise: p(0), taxPaise: p(16_881), shippingPaise: p(0) };
    const items: RefundItem[] = [
      { id: 'i0', pricePaise: p(42_010), discountPaise: p(0), qty: 1, status: 'Pending' },
      { id: 'i1', pricePaise: p(295_610), discountPaise: p(0), qty: 1, status: 'Pending' },
    ];
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

  it('keeps a prepaid item that left without a credit note on the invoice, not a COD item that never shipped', () => {
    const { order, items } = orderOf({
      lines: [
        { pricePaise: 99_900, offerPercent: 0, qty: 1 },
        { pricePaise: 49_900, offerPercent: 0, qty: 1 },
      ],
      coupon: { discount: 50, maxAmountPaise: 1_000_000 },
    });
    const whole = invoiceFigures(order, items);
    for (const status of ['Cancelled', 'Returned to seller'] as const) {
      const left = items.map((item) => (item.id === 'i1' ? { ...item, status } : item));
      // Paid at checkout: invoiced whole; a refund that kept everything back leaves the line as sold.
      expect(orderInvoiceFigures({ ...order, paymentMethod: 'wallet' }, left, [])).toEqual(whole);
      expect(orderInvoiceFigures({ ...order, paymentMethod: 'razorpay' }, left, [])).toEqual(whole);
      // Cash on delivery: left before anything shipped, so never invoiced; once invoiced, a credit note reverses it.
      const cod = orderInvoiceFigures({ ...order, paymentMethod: 'cod' }, left, []);
      expect(cod.lines.map((l) => l.itemId)).toEqual(['i0']);
      expect(orderInvoiceFigures({ ...order, paymentMethod: 'cod' }, left, ['i1'])).toEqual(whole);
    }
  });

  it('presents the worked example of docs/decisions/042-gst-on-what-is-paid.md', () => {
    // ₹1,999.00 × 1 with a 10 % offer (₹1,799.10) and ₹333.33 × 3 (₹999.99), coupon 10 % up to ₹150.00, shared
    // ₹96.41 + ₹53.59 by the lines after offer; tax 5 % of ₹1,702.69 = ₹85.13 and of ₹946.40 = ₹47.32.
    const { order, items, s } = orderOf({
      lines: [
        { pricePaise: 199_900, offerPercent: 10, qty: 1 },
        { pricePaise: 33_333, offerPercent: 0, qty: 3 },
      ],
      coupon: { discount: 10, maxAmountPaise: 15_000 },
    });
    expect(s).toMatchObject({ tax: 13_245, couponDiscount: 15_000, shipping: 0, final: 278_154 });
    expect(invoiceLineFigures(order, items)).toEqual([
      {
        itemId: 'i0',
        qty: 1,
        grossPaise: 199_900,
        gstPercent: 5,
        taxablePaise: 170_269,
        taxPaise: 8_513,
        discountPaise: 29_631,
        amountPaise: 178_782,
      },
      {
        itemId: 'i1',
        qty: 3,
        grossPaise: 99_999,
        gstPercent: 5,
        taxablePaise: 94_640,
        taxPaise: 4_732,
        discountPaise: 5_359,
        amountPaise: 99_372,
      },
    ]);
  });

  it('shows the ₹50 delivery charge as ₹47.62 taxable and ₹2.38 GST inside it', () => {
    const { order, items, s } = orderOf({ lines: [{ pricePaise: 40_000, offerPercent: 0, qty: 1 }], coupon: null });
    const invoice = invoiceFigures(order, items);
    expect(invoice).toMatchObject({ shippingPaise: 5_000, shippingTaxablePaise: 4_762, shippingTaxPaise: 238 });
    expect(invoice.totalPaise).toBe(s.final);
    expect(s.final).toBe(40_000 + 2_000 + 5_000);
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
