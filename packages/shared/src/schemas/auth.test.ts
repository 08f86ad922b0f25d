import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  newPasswordFormSchema,
  otpCode,
  registerFormSchema,
  registerSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from './auth.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The first message zod gives at `path` (the one a form shows), or undefined when that field passes. */
function messageAt(result: Result, path: string) {
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

/** Every path that has a message. */
function failingPaths(result: Result) {
  return [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])].sort();
}

const STRONG = 'Bag@shop1';

describe('loginSchema (docs/product.md §5 Login)', () => {
  const good = { email: 'asha@example.in', password: 'secret' };

  it('accepts a valid email and a 6-character password, lower-casing the email', () => {
    const result = loginSchema.safeParse({ ...good, email: ' Asha@Example.IN ' });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('asha@example.in');
  });

  it.each([
    ['email', '', MSG.emailRequired],
    ['email', '   ', MSG.emailRequired],
    ['email', undefined, MSG.emailRequired],
    ['email', 'asha', MSG.emailInvalid],
    ['email', 'asha@example', MSG.emailInvalid],
    ['email', 'asha @example.in', MSG.emailInvalid],
    ['password', '', MSG.passwordRequired],
    ['password', undefined, MSG.passwordRequired],
    ['password', '12345', MSG.passwordMin],
  ])('%s = %j → %s', (field, value, message) => {
    const result = loginSchema.safeParse({ ...good, [field]: value });
    expect(result.success).toBe(false);
    expect(messageAt(result, field)).toBe(message);
    expect(failingPaths(result)).toEqual([field]);
  });

  it('uses the exact spec texts', () => {
    expect(MSG.emailRequired).toBe('Email is required');
    expect(MSG.emailInvalid).toBe('Invalid email');
    expect(MSG.passwordRequired).toBe('Password is required');
    expect(MSG.passwordMin).toBe('Password must be at least 6 characters');
  });
});

describe('registerFormSchema and registerSchema (docs/product.md §5 Register)', () => {
  const good = {
    name: 'Asha Menon',
    email: 'asha@example.in',
    phone: '9876543210',
    password: 'secret1',
    confirmPassword: 'secret1',
    terms: true,
  };

  it('accepts a complete form; an empty referral code becomes undefined, a given one upper case', () => {
    expect(registerFormSchema.safeParse(good).data?.referCode).toBeUndefined();
    expect(registerFormSchema.safeParse({ ...good, referCode: '' }).data?.referCode).toBeUndefined();
    expect(registerFormSchema.safeParse({ ...good, referCode: ' asha2024 ' }).data?.referCode).toBe('ASHA2024');
  });

  it.each([
    ['name', '', MSG.nameRequired],
    ['name', 'A'.repeat(26), MSG.nameMax],
    ['name', 'Asha 99', MSG.nameMax],
    ['email', '', MSG.emailRequired],
    ['email', 'asha@', MSG.emailInvalid],
    ['phone', '', MSG.phoneInvalid],
    ['phone', '987654321', MSG.phoneInvalid],
    ['phone', '98765432101', MSG.phoneInvalid],
    ['phone', '98765-4321', MSG.phoneInvalid],
    ['password', '', MSG.passwordRequired],
    ['password', 'abc', MSG.passwordMin],
    ['terms', false, MSG.termsRequired],
    ['terms', undefined, MSG.termsRequired],
  ])('%s = %j → %s', (field, value, message) => {
    const result = registerFormSchema.safeParse({ ...good, [field]: value });
    expect(result.success).toBe(false);
    expect(messageAt(result, field)).toBe(message);
  });

  it('accepts a 25-character name', () => {
    expect(registerFormSchema.safeParse({ ...good, name: 'A'.repeat(25) }).success).toBe(true);
  });

  it("puts 'Passwords do not match' under confirmPassword", () => {
    const result = registerFormSchema.safeParse({ ...good, confirmPassword: 'secret2' });
    expect(messageAt(result, 'confirmPassword')).toBe(MSG.passwordsMismatch);
    expect(failingPaths(result)).toEqual(['confirmPassword']);
  });

  it('reports the mismatch together with the other fields, so the form shows every message at once', () => {
    const result = registerFormSchema.safeParse({
      name: 'A'.repeat(26),
      email: 'asha@example.in',
      phone: '123',
      password: 'secret1',
      confirmPassword: 'secret2',
      terms: false,
    });
    expect(messageAt(result, 'name')).toBe('Name must be at most 25 characters long');
    expect(messageAt(result, 'phone')).toBe('Phone number must be 10 digits');
    expect(messageAt(result, 'confirmPassword')).toBe('Passwords do not match');
    expect(messageAt(result, 'terms')).toBe('You must accept the terms');
  });

  it('the server schema has no terms field and refuses one', () => {
    const { terms: _terms, ...body } = good;
    expect(registerSchema.safeParse(body).success).toBe(true);
    expect(registerSchema.safeParse(good).success).toBe(false);
  });
});

describe('otpCode and verifyOtpSchema (docs/product.md §5 OTP)', () => {
  it.each(['123456', '000000'])('accepts %s', (code) => {
    expect(otpCode.safeParse(code).success).toBe(true);
  });

  it.each([[''], ['12345'], ['1234567'], ['12a456'], ['12 456'], [undefined]])('%j → 6-digit message', (code) => {
    const result = otpCode.safeParse(code);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a 6-digit OTP.');
  });

  it('checks the email and the code of a verify request', () => {
    expect(verifyOtpSchema.safeParse({ email: 'asha@example.in', otp: '123456' }).success).toBe(true);
    expect(messageAt(verifyOtpSchema.safeParse({ email: 'asha@example.in', otp: '12' }), 'otp')).toBe(
      MSG.otpIncomplete,
    );
    expect(messageAt(verifyOtpSchema.safeParse({ email: 'nope', otp: '123456' }), 'email')).toBe(MSG.emailInvalid);
  });
});

describe('emailOnlySchema (docs/product.md §5 Reset request)', () => {
  it.each([
    ['', MSG.emailRequired],
    ['asha.example.in', MSG.emailInvalid],
  ])('%j → %s', (email, message) => {
    expect(messageAt(emailOnlySchema.safeParse({ email }), 'email')).toBe(message);
  });

  it('accepts an email', () => {
    expect(emailOnlySchema.safeParse({ email: 'asha@example.in' }).success).toBe(true);
  });
});

describe('newPasswordFormSchema (docs/product.md §5 New password)', () => {
  const good = { newPassword: STRONG, confirmPassword: STRONG };

  it.each(['Bag@shop1', 'Aa1@aaaa', 'ZZzz99$$', 'Long&Strong2024?'])('accepts %s', (password) => {
    expect(newPasswordFormSchema.safeParse({ newPassword: password, confirmPassword: password }).success).toBe(true);
  });

  it.each([
    ['', MSG.newPasswordRequired],
    ['Aa1@aaa', MSG.strongPassword],
    ['bag@shop1', MSG.strongPassword],
    ['BAG@SHOP1', MSG.strongPassword],
    ['Bag@shopX', MSG.strongPassword],
    ['Bagshop12', MSG.strongPassword],
    ['Bag#shop1', MSG.strongPassword],
    ['Bag@ shop1', MSG.strongPassword],
  ])('newPassword %j → %s', (password, message) => {
    const result = newPasswordFormSchema.safeParse({ newPassword: password, confirmPassword: password });
    expect(messageAt(result, 'newPassword')).toBe(message);
  });

  it('uses the exact spec text for a weak password', () => {
    expect(MSG.strongPassword).toBe(
      'Password must be at least 8 characters, include an uppercase letter, a lowercase letter, a number, and a special character.',
    );
  });

  it("asks to confirm, then puts 'Passwords do not match' under confirmPassword", () => {
    expect(messageAt(newPasswordFormSchema.safeParse({ ...good, confirmPassword: '' }), 'confirmPassword')).toBe(
      'Please confirm your password',
    );
    const mismatch = newPasswordFormSchema.safeParse({ ...good, confirmPassword: 'Bag@shop2' });
    expect(messageAt(mismatch, 'confirmPassword')).toBe('Passwords do not match');
    expect(failingPaths(mismatch)).toEqual(['confirmPassword']);
  });

  it('the reset request also needs the grant from the code screen', () => {
    const body = { email: 'asha@example.in', ...good };
    expect(resetPasswordSchema.safeParse({ ...body, resetToken: 'grant' }).success).toBe(true);
    expect(messageAt(resetPasswordSchema.safeParse({ ...body, resetToken: '' }), 'resetToken')).toBe(
      MSG.resetNotVerified,
    );
  });
});

describe('changePasswordSchema (docs/product.md §5 Change password)', () => {
  const good = { currentPassword: 'old-secret', newPassword: STRONG, confirmPassword: STRONG };

  it('accepts a current password and a strong, confirmed new one', () => {
    expect(changePasswordSchema.safeParse(good).success).toBe(true);
  });

  it.each([
    ['currentPassword', '', 'Current Password is required'],
    ['currentPassword', undefined, 'Current Password is required'],
    ['newPassword', '', 'New Password is required'],
    ['newPassword', 'weakpass', MSG.strongPassword],
    ['confirmPassword', '', 'Please confirm your password'],
    ['confirmPassword', 'Bag@shop2', 'Passwords do not match'],
  ])('%s = %j → %s', (field, value, message) => {
    const result = changePasswordSchema.safeParse({ ...good, [field]: value });
    expect(result.success).toBe(false);
    expect(messageAt(result, field)).toBe(message);
  });
});
