import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { post, uniqueEmail, wrongCode } from './auth-test-helpers.ts';

describe('email verification of a signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function unverifiedUser(label: string) {
    const user = await createUser(t, { email: uniqueEmail(label) });
    await t.database.pool.query('update users set email_verified = false where id = $1', [user.id]);
    return user;
  }

  it('mails a code and marks the email verified when it comes back', async () => {
    const user = await unverifiedUser('verify');
    const send = await post(t, '/account/verify-email/send', undefined, user.token);
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ message: 'OTP sent to your email!' });
    const code = await t.mail.nextCode(user.email, /Verify your Bag Shop email/);

    const wrong = await post(t, '/account/verify-email', { otp: wrongCode(code) }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OTP_INVALID');

    const res = await post(t, '/account/verify-email', { otp: code }, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('OTP Verified Successfully!');
    expect(res.json().user).toMatchObject({ _id: user.id, emailVerified: true });

    const already = await post(t, '/account/verify-email/send', undefined, user.token);
    expect(already.statusCode).toBe(409);
  });

  it('waits 180 seconds between codes', async () => {
    const user = await unverifiedUser('wait');
    expect((await post(t, '/account/verify-email/send', undefined, user.token)).statusCode).toBe(200);
    await t.mail.nextCode(user.email);
    const again = await post(t, '/account/verify-email/send', undefined, user.token);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RESEND_TOO_SOON');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(170);
  });

  it('refuses visitors, expired codes and bad input', async () => {
    expect((await post(t, '/account/verify-email/send')).statusCode).toBe(401);
    expect((await post(t, '/account/verify-email', { otp: '123456' })).statusCode).toBe(401);

    const user = await unverifiedUser('expired');
    await post(t, '/account/verify-email/send', undefined, user.token);
    const code = await t.mail.nextCode(user.email);
    await t.database.pool.query("update otps set expires_at = now() - interval '1 second' where email = $1", [
      user.email,
    ]);
    const expired = await post(t, '/account/verify-email', { otp: code }, user.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('OTP_EXPIRED');

    const bad = await post(t, '/account/verify-email', { otp: '12' }, user.token);
    expect(bad.json().fields).toEqual({ otp: 'Please enter a 6-digit OTP.' });
    const extra = await post(t, '/account/verify-email', { otp: code, emailVerified: true }, user.token);
    expect(extra.statusCode).toBe(400);

    const blocked = await unverifiedUser('blocked');
    await t.database.pool.query('update users set is_blocked = true where id = $1', [blocked.id]);
    expect((await post(t, '/account/verify-email/send', undefined, blocked.token)).statusCode).toBe(403);
  });
});
