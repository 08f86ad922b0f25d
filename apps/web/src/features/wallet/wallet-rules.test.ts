import { describe, expect, it } from 'vitest';
import { topUpAmount, walletDate } from './wallet-rules.ts';

describe('wallet rules (docs/product.md §2 My Wallet, §5 Wallet add money)', () => {
  it('shows dates like Mon, Jan 01, 2024', () => {
    expect(walletDate('2024-01-01T05:00:00.000Z')).toBe('01 Jan 2024');
    // 8:30 pm in London is already the next day in India.
    expect(walletDate('2026-11-30T20:30:00.000Z')).toBe('01 Dec 2026');
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
