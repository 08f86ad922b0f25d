import { describe, expect, it } from 'vitest';
import { topUpAmount, walletDate } from './wallet-rules.ts';

describe('wallet rules (docs/product.md §2 My Wallet, §5 Wallet add money)', () => {
  it('shows dates like Mon, Jan 01, 2024', () => {
    expect(walletDate(new Date(2024, 0, 1, 10, 30).toISOString())).toBe('Mon, Jan 01, 2024');
    expect(walletDate(new Date(2026, 10, 21).toISOString())).toBe('Sat, Nov 21, 2026');
    expect(walletDate('not a date')).toBe('—');
  });

  it('accepts only an amount above zero', () => {
    expect(topUpAmount('')).toBeNull();
    expect(topUpAmount('   ')).toBeNull();
    expect(topUpAmount('0')).toBeNull();
    expect(topUpAmount('-5')).toBeNull();
    expect(topUpAmount('abc')).toBeNull();
    expect(topUpAmount('500')).toBe(500);
    expect(topUpAmount(' 99.999 ')).toBe(100);
  });
});
