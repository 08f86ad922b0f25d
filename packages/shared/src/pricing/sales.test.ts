import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../orders.ts';
import { asPaise as p } from './money.ts';
import { itemRefund, type RefundItem } from './refunds.ts';
import { orderSale } from './sales.ts';

const item = (id: string, pricePaise: number, discountPaise: number, qty: number, status: ItemStatus = 'Delivered') =>
  ({ id, pricePaise: p(pricePaise), discountPaise: p(discountPaise), qty, status }) satisfies RefundItem;

describe('orderSale', () => {
  it('one bag, no coupon: net is the line after offer plus tax; shipping stays with the order', () => {
    // ₹500 bag, ₹50 off: tax 5 % of ₹500 = ₹25, shipping ₹50 (₹475 < ₹700).
    const sale = orderSale({ couponDiscountPaise: p(0), taxPaise: p(2_500), shippingPaise: p(5_000) }, [
      item('a', 50_000, 5_000, 1),
    ]);
    expect(sale.items[0]).toEqual({
      units: 1,
      grossPaise: 50_000,
      offerDiscountPaise: 5_000,
      couponDiscountPaise: 0,
      taxPaise: 2_500,
      netPaise: 47_500,
    });
    expect(sale.shippingPaise).toBe(5_000);
    expect(sale.netPaise).toBe(52_500);
  });

  it('a coupon is shared by line after offer and tax by line gross, to the paisa', () => {
    // Lines after offer ₹1,800 and ₹999.99 × 1; coupon ₹200.01 → 128.58 / 71.43 by largest remainder.
    const sale = orderSale({ couponDiscountPaise: p(20_001), taxPaise: p(14_500), shippingPaise: p(0) }, [
      item('a', 100_000, 10_000, 2),
      item('b', 99_999, 0, 1),
    ]);
    const [a, b] = sale.items;
    expect(a?.couponDiscountPaise).toBe(12_858);
    expect(b?.couponDiscountPaise).toBe(7_143);
    expect((a?.taxPaise ?? 0) + (b?.taxPaise ?? 0)).toBe(14_500);
    expect(a?.taxPaise).toBe(9_667);
    expect(a?.netPaise).toBe(180_000 - 12_858 + 9_667);
    expect(sale.netPaise).toBe(180_000 + 99_999 - 20_001 + 14_500);
  });

  it.each([
    ['a cancelled item is not a sale', ['Cancelled', 'Delivered'], [null, 'b'], 5_000],
    ['a returned item is not a sale', ['Delivered', 'Returned'], ['a', null], 5_000],
    ['a requested return is still a sale', ['Return requested', 'Pending'], ['a', 'b'], 5_000],
    ['nothing kept: no shipping either', ['Cancelled', 'Returned'], [null, null], 0],
  ] as const)('%s', (_, statuses, kept, shipping) => {
    const sale = orderSale({ couponDiscountPaise: p(3_000), taxPaise: p(3_000), shippingPaise: p(5_000) }, [
      item('a', 40_000, 0, 1, statuses[0]),
      item('b', 20_000, 0, 1, statuses[1]),
    ]);
    expect(sale.items.map((s, i) => (s ? ['a', 'b'][i] : null))).toEqual(kept);
    expect(sale.shippingPaise).toBe(shipping);
  });

  it('for a paid order, net equals the final amount minus every refund given, whatever was cancelled', () => {
    const order = { couponDiscountPaise: p(7_777), taxPaise: p(8_751), shippingPaise: p(5_000) };
    const lines = [item('a', 33_333, 3_333, 2), item('b', 45_001, 0, 1), item('c', 12_345, 1_234, 3)];
    const final = 30_000 * 2 + 45_001 + 11_111 * 3 - 7_777 + 8_751 + 5_000;
    const statuses: ItemStatus[] = ['Pending', 'Pending', 'Pending'];
    const refunds = [p(0), p(0), p(0)];
    let refunded = 0;
    for (const [index, to] of [
      [2, 'Cancelled'],
      [0, 'Returned'],
      [1, 'Cancelled'],
    ] as const) {
      const current = lines.map((l, i) => ({ ...l, status: statuses[i], refundedPaise: refunds[i] }));
      refunds[index] = itemRefund(
        { ...order, finalPaise: p(final), paymentMethod: 'wallet', couponTerms: null },
        current,
        lines[index].id,
      ).amountPaise;
      refunded += refunds[index];
      statuses[index] = to;
      const sale = orderSale(
        order,
        lines.map((l, i) => ({ ...l, status: statuses[i] })),
      );
      expect(sale.netPaise).toBe(final - refunded);
    }
  });
});
