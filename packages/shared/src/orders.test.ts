import { describe, expect, it } from 'vitest';
import {
  canMovePaymentRecord,
  canMovePaymentStatus,
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  paymentWindowText,
  statusCounts,
} from './orders.ts';

describe('statusCounts', () => {
  it('counts the statuses of an order’s items in the order they first appear', () => {
    expect(statusCounts(['Delivered', 'Returned', 'Delivered'])).toEqual([
      { status: 'Delivered', count: 2 },
      { status: 'Returned', count: 1 },
    ]);
    expect(statusCounts([])).toEqual([]);
  });
});

/** Every (from, to) pair of a status list, split into the allowed and the refused ones. */
function movesOf<S extends string>(statuses: readonly S[], allowed: (from: S, to: S) => boolean) {
  const pairs = statuses.flatMap((from) => statuses.map((to) => ({ move: `${from} → ${to}`, ok: allowed(from, to) })));
  return {
    allowed: pairs.filter((p) => p.ok).map((p) => p.move),
    refused: pairs.filter((p) => !p.ok).map((p) => p.move),
  };
}

describe('order payment status transitions', () => {
  it('allow exactly paying, refunding a paid order and refunding a late card payment', () => {
    const { allowed, refused } = movesOf(PAYMENT_STATUSES, canMovePaymentStatus);
    expect(allowed).toEqual(['Pending → Paid', 'Pending → Refunded', 'Paid → Refunded']);
    expect(refused).toEqual([
      'Pending → Pending',
      'Pending → Failed',
      'Paid → Pending',
      'Paid → Paid',
      'Paid → Failed',
      'Failed → Pending',
      'Failed → Paid',
      'Failed → Failed',
      'Failed → Refunded',
      'Refunded → Pending',
      'Refunded → Paid',
      'Refunded → Failed',
      'Refunded → Refunded',
    ]);
  });
});

describe('payment record transitions', () => {
  it('allow settling once, a capture after a failure, and a refund only through refund_pending', () => {
    const { allowed, refused } = movesOf(PAYMENT_RECORD_STATUSES, canMovePaymentRecord);
    expect(allowed).toEqual([
      'created → paid',
      'created → failed',
      'created → refund_pending',
      'failed → paid',
      'failed → refund_pending',
      'refund_pending → refunded',
    ]);
    expect(refused).toEqual([
      'created → created',
      'created → refunded',
      'paid → created',
      'paid → paid',
      'paid → failed',
      'paid → refund_pending',
      'paid → refunded',
      'failed → created',
      'failed → failed',
      'failed → refunded',
      'refund_pending → created',
      'refund_pending → paid',
      'refund_pending → failed',
      'refund_pending → refund_pending',
      'refunded → created',
      'refunded → paid',
      'refunded → failed',
      'refunded → refund_pending',
      'refunded → refunded',
    ]);
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
