import { describe, expect, it } from 'vitest';
import { hasInvoice, invoiceFileName } from './invoice.ts';

describe('invoice', () => {
  it('is saved under the order number', () => {
    expect(invoiceFileName('ORD-AB12CD34EF')).toBe('ORD-AB12CD34EF.pdf');
    expect(invoiceFileName('../ORD/x')).toBe('ORDx.pdf');
    expect(invoiceFileName('')).toBe('invoice.pdf');
  });

  it('exists for paid and cash-on-delivery orders only', () => {
    const none = { cardRefund: null };
    expect(hasInvoice({ ...none, paymentStatus: 'Paid', paymentMethod: 'razorpay' })).toBe(true);
    expect(hasInvoice({ ...none, paymentStatus: 'Pending', paymentMethod: 'cod' })).toBe(true);
    expect(hasInvoice({ ...none, paymentStatus: 'Pending', paymentMethod: 'razorpay' })).toBe(false);
    expect(hasInvoice({ ...none, paymentStatus: 'Failed', paymentMethod: 'razorpay' })).toBe(false);
    expect(hasInvoice({ ...none, paymentStatus: 'Refunded', paymentMethod: 'razorpay' })).toBe(true);
    const lateCardPayment = { amount: 840, pending: false };
    expect(hasInvoice({ cardRefund: lateCardPayment, paymentStatus: 'Refunded', paymentMethod: 'razorpay' })).toBe(
      false,
    );
  });
});
