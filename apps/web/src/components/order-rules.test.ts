import { describe, expect, it } from 'vitest';
import { canCancelItem, canRequestReturn, lineTotalPaise, unitFinalPaise } from './order-rules.ts';

const DAY = 86_400_000;
const now = Date.parse('2025-03-10T12:00:00Z');

describe('order item rules', () => {
  it('lets the customer cancel only pending items', () => {
    expect(canCancelItem({ status: 'Pending' })).toBe(true);
    for (const status of [
      'Shipped',
      'Delivered',
      'Cancelled',
      'Return requested',
      'Returned',
      'Returned to seller',
    ] as const) {
      expect(canCancelItem({ status })).toBe(false);
    }
  });

  it('allows a return within 7 days of delivery', () => {
    const deliveredAt = (msAgo: number) => new Date(now - msAgo).toISOString();
    expect(canRequestReturn({ status: 'Delivered', deliveredAt: deliveredAt(DAY) }, now)).toBe(true);
    expect(canRequestReturn({ status: 'Delivered', deliveredAt: deliveredAt(7 * DAY) }, now)).toBe(true);
    expect(canRequestReturn({ status: 'Delivered', deliveredAt: deliveredAt(7 * DAY + 1000) }, now)).toBe(false);
    expect(canRequestReturn({ status: 'Delivered', deliveredAt: null }, now)).toBe(false);
    expect(canRequestReturn({ status: 'Shipped', deliveredAt: deliveredAt(DAY) }, now)).toBe(false);
    expect(canRequestReturn({ status: 'Return requested', deliveredAt: deliveredAt(DAY) }, now)).toBe(false);
  });

  it('prices a line after its offer in paise', () => {
    const item = { product: { price: 1999.99 }, discount: 200.5, qty: 3 };
    expect(unitFinalPaise(item as never)).toBe(179_949);
    expect(lineTotalPaise(item as never)).toBe(539_847);
  });
});
