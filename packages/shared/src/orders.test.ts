import { describe, expect, it } from 'vitest';
import { paymentWindowText, statusCounts } from './orders.ts';

describe('statusCounts', () => {
  it('counts the statuses of an order’s items in the order they first appear', () => {
    expect(statusCounts(['Delivered', 'Returned', 'Delivered'])).toEqual([
      { status: 'Delivered', count: 2 },
      { status: 'Returned', count: 1 },
    ]);
    expect(statusCounts([])).toEqual([]);
  });
});

describe('paymentWindowText', () => {
  it('says the window in hours when it is whole hours, else in minutes', () => {
    expect(paymentWindowText(30)).toBe('30 minutes');
    expect(paymentWindowText(1)).toBe('1 minute');
    expect(paymentWindowText(60)).toBe('1 hour');
    expect(paymentWindowText(1440)).toBe('24 hours');
    expect(paymentWindowText(90)).toBe('90 minutes');
  });
});
