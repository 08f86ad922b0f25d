import { describe, expect, it } from 'vitest';
import { amountClass, transactionSource } from './transaction-rules.ts';

describe('admin transaction rules (docs/product.md §2, §3)', () => {
  it('labels each known type and anything else as Regular Transaction', () => {
    for (const type of [
      'Order Returned',
      'Order Cancelled',
      'Debited',
      'Referral Bonus',
      'Credit',
      'Wallet Recharge',
    ]) {
      expect(transactionSource(type).label).toBe(type);
    }
    expect(transactionSource('Cashback').label).toBe('Regular Transaction');
    expect(transactionSource('').label).toBe('Regular Transaction');
    expect(transactionSource(null).label).toBe('Regular Transaction');
    expect(transactionSource('toString').label).toBe('Regular Transaction');
  });

  it('colours positive amounts green and the rest red', () => {
    expect(amountClass(150)).toBe('text-success');
    expect(amountClass(0.01)).toBe('text-success');
    expect(amountClass(0)).toBe('text-danger');
    expect(amountClass(-250)).toBe('text-danger');
  });
});
