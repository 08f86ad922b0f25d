import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { post, uniqueEmail } from './auth-test-helpers.ts';

const NEW_PASSWORD = 'Fresh@2025';

/** An access token issued before a password change, a reset or a block is refused at once, not after 15 minutes. */
describe('access tokens die with the password', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  const account = (token: string) => t.request({ method: 'GET', url: '/api/user/account', token });
  const signIn = async (email: string, password: string) => {
    const res = await post(t, '/login', { email, password });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; refreshToken: string };
  };

  it('refuses an access token issued before a password change', async () => {
    const user = await createUser(t, { email: uniqueEmail('changer') });
    const other = await signIn(user.email, user.password);
    expect((await account(other.token)).statusCode).toBe(200);
    const changed = await post(
      t,
      '/change-password',
      { currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      user.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await account(other.token)).statusCode).toBe(401);
    expect((await account(user.token)).statusCode).toBe(401);
    expect((await post(t, '/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    // A new sign-in carries the new version.
    const fresh = await signIn(user.email, NEW_PASSWORD);
    expect((await account(fresh.token)).statusCode).toBe(200);
  });

  it('refuses an access token issued before a password reset', async () => {
    const user = await createUser(t, { email: uniqueEmail('resetter') });
    const before = await signIn(user.email, user.password);
    expect((await post(t, '/forgot-password', { email: user.email })).statusCode).toBe(200);
    const otp = await t.mail.nextCode(user.email, /password reset/);
    const { resetToken } = (await post(t, '/verify-otp-password', { email: user.email, otp })).json();
    const reset = await post(t, '/reset-password', {
      email: user.email,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      resetToken,
    });
    expect(reset.statusCode).toBe(200);
    expect((await account(before.token)).statusCode).toBe(401);
    expect((await account(user.token)).statusCode).toBe(401);
  });

  it('refuses an access token issued before a block, also once the user is unblocked', async () => {
    const user = await createUser(t, { email: uniqueEmail('blocked') });
    const toggle = () => t.request({ method: 'PUT', url: `/api/user/${user.id}/unblock`, token: admin.token });
    expect((await toggle()).json().message).toBe('User blocked');
    expect((await account(user.token)).statusCode).toBe(403);
    expect((await toggle()).json().message).toBe('User unblocked');
    expect((await account(user.token)).statusCode).toBe(401);
  });

  it('a refreshed access token carries the current version and keeps working', async () => {
    const user = await createUser(t, { email: uniqueEmail('refresher') });
    const session = await signIn(user.email, user.password);
    const refreshed = await post(t, '/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    expect((await account(refreshed.json().accessToken)).statusCode).toBe(200);
  });
});
