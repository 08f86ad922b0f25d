import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { signUp } from './auth-test-helpers.ts';

// 60 KB that make a backtracking email pattern such as /^[^\s@]+@[^\s@]+\.[^\s@]+$/ run for seconds per request.
const HUGE_EMAIL = `a@${'.'.repeat(60_000)}@`;

describe('a 60 KB email', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const forms = [
    ['POST', '/api/user/login', { email: HUGE_EMAIL, password: 'secret1' }],
    ['POST', '/api/user/register', signUp(HUGE_EMAIL)],
    ['POST', '/api/user/forgot-password', { email: HUGE_EMAIL }],
    ['POST', '/api/user/resend-otp', { email: HUGE_EMAIL }],
    ['POST', '/api/user/verify-otp', { email: HUGE_EMAIL, otp: '123456' }],
    ['POST', '/api/user/verify-otp-password', { email: HUGE_EMAIL, otp: '123456' }],
    ['PUT', '/api/user/account/edit', { name: 'Test User', email: HUGE_EMAIL, phone: '9876543210' }],
    ['POST', '/api/contact', { name: 'Kiran', email: HUGE_EMAIL, message: 'Hello' }],
  ] as const;

  // One test for all of them: with a backtracking check they would take far longer than the test may run.
  it('is refused with 400 Invalid email by every form that takes an email', async () => {
    for (const [method, url, payload] of forms) {
      const res = await t.request({ method, url, payload, token: user.token });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { email: 'Invalid email' } });
    }
  });

  it('leaves nothing behind', async () => {
    const { rows } = await t.database.pool.query('select count(*)::int as n from otps');
    expect(rows[0].n).toBe(0);
    const contact = await t.database.pool.query('select count(*)::int as n from contact_messages');
    expect(contact.rows[0].n).toBe(0);
  });
});
