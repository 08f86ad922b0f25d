import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { post, uniqueEmail, wrongCode } from './auth-test-helpers.ts';

const NEW_PASSWORD = 'Fresh@2025';

describe('password reset and change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => post(t, '/login', { email, password });
  const liveTokens = async (userId: string) =>
    (
      await t.database.pool.query(
        'select count(*)::int as n from refresh_tokens where user_id = $1 and revoked_at is null',
        [userId],
      )
    ).rows[0].n;

  async function verifiedGrant(email: string): Promise<string> {
    expect((await post(t, '/forgot-password', { email })).statusCode).toBe(200);
    const otp = await t.mail.nextCode(email, /password reset/);
    const res = await post(t, '/verify-otp-password', { email, otp });
    expect(res.statusCode).toBe(200);
    return res.json().resetToken;
  }

  it('resets a password with a verified code, once, and ends every session', async () => {
    const user = await createUser(t, { email: uniqueEmail('forgetful') });
    const session = (await login(user.email, user.password)).json().refreshToken;

    const res = await post(t, '/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your email!' });
    const mail = await t.mail.next(user.email, /Your Bag Shop password reset code/);
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';

    const verified = await post(t, '/verify-otp-password', { email: user.email, otp });
    expect(verified.statusCode).toBe(200);
    const { message, resetToken } = verified.json();
    expect(message).toBe('OTP Verified Successfully!');
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    const stored = await t.database.pool.query("select grant_hash from otps where email = $1 and purpose = 'reset'", [
      user.email,
    ]);
    expect(stored.rows[0].grant_hash).not.toBe(resetToken);

    // The code is used up once traded for the grant.
    const codeAgain = await post(t, '/verify-otp-password', { email: user.email, otp });
    expect(codeAgain.statusCode).toBe(400);

    const payload = { email: user.email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, resetToken };
    const reset = await post(t, '/reset-password', payload);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully' });
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await post(t, '/auth/refresh', { refreshToken: session })).statusCode).toBe(401);

    const twice = await post(t, '/reset-password', {
      ...payload,
      newPassword: 'Other@2025',
      confirmPassword: 'Other@2025',
    });
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toEqual({ code: 'RESET_NOT_VERIFIED', message: 'Verify the code sent to your email first' });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a reset without a verified code, with a wrong grant, or with an expired grant', async () => {
    const user = await createUser(t, { email: uniqueEmail('victim') });
    const attempt = (resetToken: string) =>
      post(t, '/reset-password', {
        email: user.email,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        resetToken,
      });

    const noCode = await attempt('made-up-grant');
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().code).toBe('RESET_NOT_VERIFIED');

    await post(t, '/forgot-password', { email: user.email });
    await t.mail.nextCode(user.email);
    const unverified = await attempt('made-up-grant');
    expect(unverified.statusCode).toBe(403);

    await t.database.pool.query("update otps set sent_at = now() - interval '181 seconds' where email = $1", [
      user.email,
    ]);
    const grant = await verifiedGrant(user.email);
    const otherUser = await createUser(t, { email: uniqueEmail('other') });
    const wrongEmail = await post(t, '/reset-password', {
      email: otherUser.email,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      resetToken: grant,
    });
    expect(wrongEmail.statusCode).toBe(403);

    await t.database.pool.query(
      "update otps set grant_expires_at = now() - interval '1 second' where email = $1 and purpose = 'reset'",
      [user.email],
    );
    expect((await attempt(grant)).statusCode).toBe(403);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers the same for an unknown email, mails nothing, and still enforces the wait', async () => {
    const email = uniqueEmail('stranger');
    const res = await post(t, '/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your email!' });
    await expect(t.mail.next(email, undefined, 300)).rejects.toThrow(/No mail/);
    const again = await post(t, '/forgot-password', { email });
    expect(again.statusCode).toBe(429);
  });

  it('waits 180 seconds between reset codes for one email', async () => {
    const user = await createUser(t, { email: uniqueEmail('impatient') });
    await post(t, '/forgot-password', { email: user.email });
    const first = await t.mail.nextCode(user.email);
    const early = await post(t, '/forgot-password', { email: user.email });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RESEND_TOO_SOON');
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThan(170);
    expect(wait).toBeLessThanOrEqual(180);

    await t.database.pool.query("update otps set sent_at = now() - interval '181 seconds' where email = $1", [
      user.email,
    ]);
    expect((await post(t, '/forgot-password', { email: user.email })).statusCode).toBe(200);
    const second = await t.mail.nextCode(user.email);
    const ok = await post(t, '/verify-otp-password', { email: user.email, otp: second });
    expect(ok.statusCode).toBe(200);
    expect(first).toMatch(/^\d{6}$/);
  });

  it('applies the code rules: wrong, five tries, expired', async () => {
    const user = await createUser(t, { email: uniqueEmail('codes') });
    await post(t, '/forgot-password', { email: user.email });
    const code = await t.mail.nextCode(user.email);
    const wrong = await post(t, '/verify-otp-password', { email: user.email, otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OTP_INVALID', message: 'Invalid OTP. Please try again.' });
    for (let i = 0; i < 4; i++) await post(t, '/verify-otp-password', { email: user.email, otp: wrongCode(code) });
    const dead = await post(t, '/verify-otp-password', { email: user.email, otp: code });
    expect(dead.json().code).toBe('OTP_TOO_MANY_TRIES');

    const other = await createUser(t, { email: uniqueEmail('slow') });
    await post(t, '/forgot-password', { email: other.email });
    const late = await t.mail.nextCode(other.email);
    await t.database.pool.query("update otps set expires_at = now() - interval '1 second' where email = $1", [
      other.email,
    ]);
    const expired = await post(t, '/verify-otp-password', { email: other.email, otp: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('OTP_EXPIRED');
  });

  it('checks the new password fields with the spec messages', async () => {
    const weak = await post(t, '/reset-password', {
      email: uniqueEmail('weak'),
      newPassword: 'password',
      confirmPassword: 'password1',
      resetToken: 'x',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toMatchObject({
      newPassword:
        'Password must be at least 8 characters, include an uppercase letter, a lowercase letter, a number, and a special character.',
    });
    const mismatch = await post(t, '/reset-password', {
      email: uniqueEmail('mismatch'),
      newPassword: NEW_PASSWORD,
      confirmPassword: 'Fresh@2026',
      resetToken: 'x',
    });
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
    const missing = await post(t, '/reset-password', { email: uniqueEmail('missing') });
    expect(missing.json().fields).toMatchObject({
      newPassword: 'New Password is required',
      confirmPassword: 'Please confirm your password',
      resetToken: 'Verify the code sent to your email first',
    });
    const extra = await post(t, '/forgot-password', { email: uniqueEmail('extra'), isAdmin: true });
    expect(extra.statusCode).toBe(400);
  });

  it('changes the password of a signed-in user and ends their sessions', async () => {
    const user = await createUser(t, { email: uniqueEmail('changer') });
    const session = (await login(user.email, user.password)).json().refreshToken;
    const body = { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

    expect((await post(t, '/change-password', body)).statusCode).toBe(401);

    const wrong = await post(t, '/change-password', { ...body, currentPassword: 'nope-nope' }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: 'Current password is incorrect' },
    });

    const invalid = await post(
      t,
      '/change-password',
      { currentPassword: '', newPassword: 'short', confirmPassword: '' },
      user.token,
    );
    expect(invalid.json().fields).toMatchObject({
      currentPassword: 'Current Password is required',
      newPassword:
        'Password must be at least 8 characters, include an uppercase letter, a lowercase letter, a number, and a special character.',
      confirmPassword: 'Please confirm your password',
    });

    const res = await post(t, '/change-password', body, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully' });
    expect(await liveTokens(user.id)).toBe(0);
    expect((await post(t, '/auth/refresh', { refreshToken: session })).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
