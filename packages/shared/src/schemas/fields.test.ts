import { describe, expect, it } from 'vitest';
import { instantField, numberish } from './fields.ts';

const REQUIRED = 'Activation date is required';
const instant = instantField(REQUIRED);

describe('instantField (offer and coupon dates)', () => {
  it.each([
    ['2026-11-24', '2026-11-24T00:00:00.000Z'],
    ['2026-11-24T10:30', null],
    ['2026-11-24T10:30:00Z', '2026-11-24T10:30:00.000Z'],
    ['2026-11-24T10:30:00.000+05:30', '2026-11-24T05:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
  ])('takes the ISO text %j', (text, iso) => {
    const parsed = instant.safeParse(text);
    expect(parsed.success).toBe(true);
    if (iso) expect((parsed.data as Date).toISOString()).toBe(iso);
  });

  it('takes a Date, as the forms hold it', () => {
    const date = new Date('2026-11-24T10:30:00.000Z');
    expect(instant.parse(date)).toEqual(date);
  });

  it.each([
    ['a day that does not exist', '2026-02-30'],
    ['a day that does not exist, with a time', '2026-04-31T10:00:00.000Z'],
    ['29 February of a common year', '2027-02-29'],
    ['month 13', '2026-13-01'],
    ['year 0', '0000-01-01T00:00:00.000Z'],
    ['a year before the shop', '1999-12-31T23:59:59.000Z'],
    ['a year far ahead', '9999-12-31T00:00:00.000Z'],
    ['an extended year', '+275760-09-13T00:00:00.000Z'],
    ['a negative year', '-001000-01-01T00:00:00.000Z'],
    ['NaN', 'NaN'],
    ['a number as text', '1'],
    ['English text Date would roll over', 'Feb 30 2026'],
    ['text over the length', `2026-11-24T10:30:00.000Z${' '.repeat(40)}`],
    ['a number', 1_700_000_000_000],
    ['a boolean', true],
    ['an object', {}],
    ['an array', [2026, 11, 24]],
    ['an invalid Date', new Date(Number.NaN)],
    ['nothing', ''],
  ])('refuses %s with the required message', (_label, value) => {
    const parsed = instant.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(REQUIRED);
  });
});

describe('numberish (numbers a form sends as text)', () => {
  const amount = numberish('Enter a number');
  it('reads numbers and short numeric text', () => {
    expect(amount.parse(12.5)).toBe(12.5);
    expect(amount.parse(' 12.5 ')).toBe(12.5);
  });

  it.each([['NaN'], ['Infinity'], ['1e400'], ['abc'], [`1${'0'.repeat(40)}`], [Number.POSITIVE_INFINITY]])(
    'refuses %j',
    (value) => {
      expect(amount.safeParse(value).success).toBe(false);
    },
  );
});
