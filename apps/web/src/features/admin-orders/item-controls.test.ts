import { describe, expect, it } from 'vitest';
import { adminOrderError, itemControl } from './item-controls.ts';

describe('admin item status controls', () => {
  it('offers only the next admin statuses', () => {
    expect(itemControl('Shipped')).toEqual({ kind: 'select', options: ['Delivered', 'Returned to seller'] });
  });

  it('ships a pending item only through a booked shipment, never through a status', () => {
    expect(itemControl('Pending')).toEqual({ kind: 'ship' });
  });

  it('asks to approve or reject a return', () => {
    expect(itemControl('Return requested')).toEqual({ kind: 'return-decision' });
  });

  it('leaves cancelled, returned and delivered items read-only', () => {
    for (const status of ['Cancelled', 'Returned', 'Delivered', 'Returned to seller'] as const) {
      expect(itemControl(status)).toEqual({ kind: 'read-only' });
    }
  });
});

describe('admin order errors', () => {
  it('says the order was not found on a 404', () => {
    expect(adminOrderError({ status: 404, data: { message: 'Order not found' } })).toBe('Error: Order not found');
  });

  it('shows the status and the server message otherwise', () => {
    expect(adminOrderError({ status: 500, data: { message: 'Database unavailable' } })).toBe(
      '500 Database unavailable',
    );
  });

  it('falls back to an unknown error without a message', () => {
    expect(adminOrderError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'An unknown error occurred',
    );
    expect(adminOrderError({ status: 502, data: 'Bad gateway' })).toBe('An unknown error occurred');
    expect(adminOrderError(undefined)).toBe('An unknown error occurred');
  });
});
