import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_CODES,
  countryName,
  GST_STATE_CODES,
  gstStateCode,
  INDIAN_STATE_VALUES,
  INDIAN_STATES,
  placeOfSupply,
  stateLabel,
  stateOfGstCode,
} from './places.ts';

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

describe('GST state codes and the place of supply', () => {
  it('gives every state and union territory of the list its own code', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATE_VALUES].sort());
    const codes = Object.values(GST_STATE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
  });

  it.each([
    ['Jammu and Kashmir', '01'],
    ['Delhi', '07'],
    ['Orissa', '21'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Maharashtra', '27'],
    ['Karnataka', '29'],
    ['Andhra Pradesh', '37'],
    ['Ladakh', '38'],
  ])('%s is %s', (state, code) => {
    expect(gstStateCode(state)).toBe(code);
    expect(stateOfGstCode(code)).toBe(state);
  });

  it('knows no code for a state not in the list, and no state for a retired code', () => {
    expect(gstStateCode('Odisha')).toBeUndefined();
    expect(gstStateCode('toString')).toBeUndefined();
    expect(stateOfGstCode('25')).toBeUndefined();
    expect(stateOfGstCode('28')).toBeUndefined();
  });

  it('writes the place of supply with the name shoppers know and the code', () => {
    expect(placeOfSupply('Maharashtra')).toBe('Maharashtra (27)');
    expect(placeOfSupply('Orissa')).toBe('Odisha (21)');
    expect(placeOfSupply('Atlantis')).toBe('Atlantis');
    expect(stateLabel('Orissa')).toBe('Odisha');
  });
});
