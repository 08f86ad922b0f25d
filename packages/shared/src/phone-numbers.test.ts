import { describe, expect, it } from 'vitest';
import { phoneDigits, samePhone } from './phone-numbers.ts';

describe('phoneDigits', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['+91 09876543210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['(098765) 43210', '9876543210'],
    [' 98765.43210 ', '9876543210'],
  ])('reads %s as %s', (value, digits) => {
    expect(phoneDigits(value)).toBe(digits);
  });

  it.each([
    '',
    '98765',
    '987654321',
    '98765432101',
    '929876543210',
    '19876543210',
    '+1 987 654 3210 99',
    '98765abc43210',
    'asha@example.in',
    '+91',
  ])('reads %s as no phone number', (value) => {
    expect(phoneDigits(value)).toBeNull();
  });
});

describe('samePhone', () => {
  it('matches the same number with or without +91, 91 or 0', () => {
    expect(samePhone('+91 98765 43210', '9876543210')).toBe(true);
    expect(samePhone('09876543210', '+919876543210')).toBe(true);
  });

  it('never matches a different, empty or partial number', () => {
    expect(samePhone('9876543211', '9876543210')).toBe(false);
    expect(samePhone('', '')).toBe(false);
    expect(samePhone('43210', '9876543210')).toBe(false);
  });
});
