import { describe, expect, it } from 'vitest';
import { WALLET_MSG } from '../wallet-messages.ts';
import { TOP_UP_RUPEES, topUpAmountFromText, topUpBodySchema } from './wallet-top-up.ts';

describe('wallet top-up rule (docs/product.md §5 Wallet add money)', () => {
  it('takes ₹1 to ₹1,00,000 with at most two decimals', () => {
    for (const amount of [TOP_UP_RUPEES.min, 1.01, 499.99, 500, TOP_UP_RUPEES.max]) {
      expect(topUpBodySchema.safeParse({ amount }).success, String(amount)).toBe(true);
    }
  });

  it('refuses anything else with the one message', () => {
    for (const amount of [0, 0.99, -5, 100_000.01, 1.001, Number.NaN, '500', null]) {
      const result = topUpBodySchema.safeParse({ amount });
      expect(result.success, String(amount)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(WALLET_MSG.enterValidAmount);
    }
    expect(topUpBodySchema.safeParse({ amount: 500, extra: 1 }).success).toBe(false);
  });

  it('reads the typed amount the way the server will take it', () => {
    expect(topUpAmountFromText(' 500 ')).toBe(500);
    expect(topUpAmountFromText('99.999')).toBe(100);
    expect(topUpAmountFromText('0.999')).toBe(1);
    expect(topUpAmountFromText('100000')).toBe(100_000);
    for (const text of ['', '  ', 'abc', '0', '-5', '0.5', '0.994', '100000.01', '1e400']) {
      expect(topUpAmountFromText(text), text).toBeNull();
    }
  });
});
