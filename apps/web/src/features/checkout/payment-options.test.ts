import { describe, expect, it } from 'vitest';
import { paymentOptions, usableMethod } from './payment-options.ts';

const byMethod = (final: number, balance: number | null) =>
  Object.fromEntries(paymentOptions(final, balance, true).map((o) => [o.method, o]));

describe('checkout payment options', () => {
  it('offers Razorpay, enabled and first, when the shop takes card payments', () => {
    const options = paymentOptions(5000, 0, true);
    expect(options[0]).toMatchObject({ method: 'razorpay', label: 'Razorpay', disabled: false });
  });

  it('shows the wallet balance and enables the wallet when it covers the order', () => {
    const { wallet } = byMethod(1500, 1500);
    expect(wallet.disabled).toBe(false);
    expect(wallet.note).toBe('Balance ₹1,500.00');
  });

  it('disables the wallet with a note when the balance is short, even by a paisa', () => {
    const { wallet } = byMethod(1500, 1499.99);
    expect(wallet.disabled).toBe(true);
    expect(wallet.note).toBe('Balance ₹1,499.99 — ₹0.01 short for this order');
  });

  it('disables the wallet while its balance is unknown', () => {
    expect(byMethod(100, null).wallet).toMatchObject({ disabled: true, note: 'Balance unavailable' });
  });

  it('offers Cash on Delivery up to ₹1,000 and not above', () => {
    expect(byMethod(1000, 0).cod).toMatchObject({ label: 'Cash on Delivery', disabled: false });
    expect(byMethod(1000.01, 0).cod).toBeUndefined();
    expect(paymentOptions(1000.01, 0, true).map((o) => o.method)).toEqual(['razorpay', 'wallet']);
  });

  it('falls back to Razorpay when the chosen method cannot be used', () => {
    const options = paymentOptions(2000, 100, true);
    expect(usableMethod('wallet', options)).toBe('razorpay');
    expect(usableMethod('cod', options)).toBe('razorpay');
    expect(usableMethod('cod', paymentOptions(900, 0, true))).toBe('cod');
    expect(usableMethod('wallet', paymentOptions(900, 900, true))).toBe('wallet');
  });

  it('drops Razorpay when the shop takes no card payments and falls back to what can be used', () => {
    expect(paymentOptions(800, 1000, false).map((o) => o.method)).toEqual(['wallet', 'cod']);
    expect(usableMethod('razorpay', paymentOptions(800, 1000, false))).toBe('wallet');
    expect(usableMethod('razorpay', paymentOptions(800, 0, false))).toBe('cod');
    expect(usableMethod('razorpay', paymentOptions(2000, 2500, false))).toBe('wallet');
  });

  it('has nothing to pay with when cards are off, the wallet is short and the order is too big for COD', () => {
    const options = paymentOptions(2000, 100, false);
    expect(options.map((o) => o.method)).toEqual(['wallet']);
    expect(usableMethod('razorpay', options)).toBeNull();
  });
});
