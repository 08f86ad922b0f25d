import crypto from 'node:crypto';
import type { AuthPayload } from '@bagshop/shared/types';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';

export const uniqueEmail = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;

export const signUp = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Priya Sharma',
  email,
  phone: '9876543210',
  password: 'secret1',
  confirmPassword: 'secret1',
  ...overrides,
});

export const post = (t: TestApp, url: string, payload?: object, token?: string) =>
  t.request({ method: 'POST', url: `/api/user${url}`, payload, token });

/** Registers through the API and verifies the mailed code: a signed-in, verified shopper. */
export async function registerAndVerify(t: TestApp, email: string, password = 'secret1'): Promise<AuthPayload> {
  const res = await post(t, '/register', signUp(email, { password, confirmPassword: password }));
  expect(res.statusCode).toBe(201);
  const otp = await t.mail.nextCode(email);
  const verified = await post(t, '/verify-otp', { email, otp });
  expect(verified.statusCode).toBe(200);
  return verified.json();
}

/** A six-digit code that differs from the given one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
