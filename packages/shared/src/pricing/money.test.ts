import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPaise,
  asPaise,
  maxPaise,
  minPaise,
  negatePaise,
  percentOf,
  subtractPaise,
  sumPaise,
  sumRupees,
  timesQuantity,
  toPaise,
  toRupees,
} from './money.ts';

/** Rupee amounts as the API takes them: up to ₹1,00,00,000 with at most two decimals. */
const twoDecimalRupees = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((paise) => paise / 100);
const paise = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map(asPaise);

describe('rupees ↔ paise', () => {
  it('gives back every two-decimal rupee amount exactly', () => {
    fc.assert(
      fc.property(twoDecimalRupees, (rupees) => {
        const inPaise = toPaise(rupees);
        expect(Number.isInteger(inPaise)).toBe(true);
        expect(toRupees(inPaise)).toBe(rupees);
      }),
    );
  });

  it('turns every paise amount into rupees and back unchanged', () => {
    fc.assert(
      fc.property(paise, (amount) => {
        expect(toPaise(toRupees(amount))).toBe(amount);
      }),
    );
  });

  it('rounds a rupee amount with more decimals to the nearest paisa', () => {
    expect(toPaise(99.999)).toBe(10_000);
    expect(toPaise(0.004)).toBe(0);
    expect(toPaise(1.1)).toBe(110);
  });
});

describe('paise arithmetic', () => {
  it('sums exactly, in any order, and rupee sums match', () => {
    fc.assert(
      fc.property(fc.array(twoDecimalRupees, { maxLength: 50 }), (rupees) => {
        const amounts = rupees.map(toPaise);
        const total = sumPaise(amounts);
        expect(Number.isInteger(total)).toBe(true);
        expect(sumPaise([...amounts].reverse())).toBe(total);
        expect(sumRupees(rupees)).toBe(toRupees(total));
      }),
    );
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
  });

  it('adds, subtracts, multiplies by a quantity and picks the smaller or larger amount', () => {
    fc.assert(
      fc.property(paise, paise, fc.integer({ min: 0, max: 1000 }), (a, b, qty) => {
        expect(subtractPaise(addPaise(a, b), b)).toBe(a);
        expect(addPaise(a, negatePaise(a))).toBe(0);
        expect(timesQuantity(a, qty)).toBe(sumPaise(Array.from({ length: qty }, () => a)));
        expect(minPaise(a, b)).toBe(a < b ? a : b);
        expect(maxPaise(a, b)).toBe(a < b ? b : a);
      }),
    );
  });

  it('refuses amounts and quantities that are not whole', () => {
    expect(() => asPaise(1.5)).toThrow(RangeError);
    expect(() => asPaise(Number.NaN)).toThrow(RangeError);
    expect(() => timesQuantity(asPaise(100), 0.5)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds half up to the paisa', () => {
    expect(percentOf(asPaise(1999), 5)).toBe(100); // 99.95 → 100
    expect(percentOf(asPaise(1990), 5)).toBe(100); // 99.5 → 100
    expect(percentOf(asPaise(1989), 5)).toBe(99); // 99.45 → 99
    expect(percentOf(asPaise(10), 5)).toBe(1); // 0.5 → 1
    expect(percentOf(asPaise(9), 5)).toBe(0); // 0.45 → 0
  });

  it('is the exact share rounded half up, for every amount and whole percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        // Exact integer arithmetic: floor((amount × percent + 50) / 100) is amount × percent / 100 rounded half up.
        const expected = Number((BigInt(amount) * BigInt(percent) + 50n) / 100n);
        expect(percentOf(asPaise(amount), percent)).toBe(expected);
      }),
    );
  });
});
