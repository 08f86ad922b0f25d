import { describe, expect, it } from 'vitest';
import { statusCounts } from './orders.ts';

describe('statusCounts', () => {
  it('counts the statuses of an order’s items in the order they first appear', () => {
    expect(statusCounts(['Delivered', 'Returned', 'Delivered'])).toEqual([
      { status: 'Delivered', count: 2 },
      { status: 'Returned', count: 1 },
    ]);
    expect(statusCounts([])).toEqual([]);
  });
});
