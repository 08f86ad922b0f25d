import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, countryName, INDIAN_STATE_VALUES, INDIAN_STATES } from './places.ts';

describe('Indian states and union territories (docs/product.md §1, §3)', () => {
  it('lists all 28 states and 8 union territories once', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATE_VALUES.size).toBe(36);
  });

  it("sends Odisha as 'Orissa'", () => {
    expect(INDIAN_STATES.find((s) => s.label === 'Odisha')?.value).toBe('Orissa');
    expect(INDIAN_STATE_VALUES.has('Odisha')).toBe(false);
  });

  it('keeps every other label as its value', () => {
    for (const s of INDIAN_STATES.filter((s) => s.label !== 'Odisha')) expect(s.value).toBe(s.label);
    expect(INDIAN_STATE_VALUES.has('Ladakh')).toBe(true);
    expect(INDIAN_STATE_VALUES.has('Tamil Nadu')).toBe(true);
  });
});

describe('countries (docs/product.md §3: two-letter code from a full world list)', () => {
  it('holds the whole world by two-letter code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRIES.length).toBeLessThanOrEqual(260);
    expect(COUNTRY_CODES.size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it('includes India and the United States', () => {
    expect(countryName('IN')).toBe('India');
    expect(countryName('US')).toBe('United States');
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('falls back to the code for an unknown one', () => {
    expect(countryName('ZZ')).toBe('ZZ');
  });
});
