import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailPersonKey, isEmailAddress } from './email-address.ts';
import { emailOnlySchema } from './schemas/auth.ts';

describe('isEmailAddress', () => {
  it.each([
    'asha@example.in',
    'asha.rao+shop@gmail.com',
    'a@b.c',
    "o'neil@example.co.uk",
    'user_1-x@sub.domain.example',
    'Asha@Example.IN',
  ])('accepts %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    '',
    'asha',
    'asha@',
    '@example.in',
    'asha@example',
    'asha@@example.in',
    'asha@exa@mple.in',
    'asha @example.in',
    'asha@example.in ',
    'asha\t@example.in',
    'asha@example.in\n',
    '.asha@example.in',
    'asha.@example.in',
    'as..ha@example.in',
    'asha@.example.in',
    'asha@example..in',
    'asha@example.in.',
    'a,b@example.in',
    'asha@example.in,b@example.in',
    '<asha@example.in>',
    'asha;x@example.in',
    '"asha"@example.in',
    'asha\u0000@example.in',
    'asha\u00a0x@example.in',
  ])('refuses %j', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('refuses a local part over 64 characters and an address over 254', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}@example.in`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(65)}@example.in`)).toBe(false);
    const longest = `a@${'b'.repeat(EMAIL_MAX_LENGTH - 5)}.in`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a@${'b'.repeat(EMAIL_MAX_LENGTH - 4)}.in`)).toBe(false);
  });

  // Inputs that make a backtracking pattern such as /^[^\s@]+@[^\s@]+\.[^\s@]+$/ take seconds; here each one is
  // refused by the length check before any character is looked at, and the one-pass check below 254 is linear.
  const pathological = [
    `a@${'.'.repeat(60_000)}@`,
    `a@${'a.'.repeat(30_000)}@`,
    `${'a'.repeat(60_000)}`,
    `a@${'a'.repeat(60_000)} `,
    `${'a.'.repeat(30_000)}@example.in`,
  ];
  it.each(pathological.map((v) => [v.length, v]))('refuses a pathological %i-character input', (_length, value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('refuses pathological inputs just under the length limit', () => {
    expect(isEmailAddress(`a@${'.'.repeat(250)}@`)).toBe(false);
    expect(isEmailAddress(`a@${'a'.repeat(250)}@`)).toBe(false);
    expect(isEmailAddress(`a@${'a.'.repeat(125)}`)).toBe(false);
  });

  it('is what the shared email field uses: a 60 KB email is "Invalid email"', () => {
    const result = emailOnlySchema.safeParse({ email: `a@${'.'.repeat(60_000)}@` });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid email', 'Invalid email']);
  });
});

describe('emailPersonKey', () => {
  it.each([
    ['Asha@Example.in', 'asha@example.in'],
    ['asha+shop@example.in', 'asha@example.in'],
    ['asha+a+b@example.in', 'asha@example.in'],
    ['a.sha@example.in', 'a.sha@example.in'],
    ['A.Sha+x@Gmail.com', 'asha@gmail.com'],
    ['a.s.h.a@googlemail.com', 'asha@gmail.com'],
    ['asha@gmail.co', 'asha@gmail.co'],
    [' asha@example.in ', 'asha@example.in'],
    ['+tag@example.in', '+tag@example.in'],
  ])('%s → %s', (email, key) => {
    expect(emailPersonKey(email)).toBe(key);
  });

  it('gives one key for every spelling of one Gmail mailbox', () => {
    const spellings = ['kavya.rao@gmail.com', 'KavyaRao@gmail.com', 'k.a.v.y.a.r.a.o+bags@googlemail.com'];
    expect(new Set(spellings.map(emailPersonKey))).toEqual(new Set(['kavyarao@gmail.com']));
  });
});
