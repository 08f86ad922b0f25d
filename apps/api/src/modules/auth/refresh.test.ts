import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { post, uniqueEmail } from './auth-test-helpers.ts';

describe('refresh tokens and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn() {
    const user = await createUser(t, { email: uniqueEmail('shopper') });
    const res = await post(t, '/login', { email: user.email, password: user.password });
    return { user, refreshToken: res.json().refreshToken as string };
  }

  const liveTokens = async (userId: string) =>
    (
      await t.database.pool.query(
        'select count(*)::int as n from refresh_tokens where user_id = $1 and revoked_at is null and rotated_at is null',
        [userId],
      )
    ).rows[0].n;

  it('rotates the refresh token and gives a working access token', async () => {
    const { user, refreshToken } = await signIn();
    const res = await post(t, '/auth/refresh', { refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(body.refreshToken).not.toBe(refreshToken);

    const family = await t.database.pool.query(
      'select family_id, rotated_at from refresh_tokens where user_id = $1 order by created_at',
      [user.id],
    );
    expect(family.rows).toHaveLength(2);
    expect(family.rows[0].family_id).toBe(family.rows[1].family_id);
    expect(family.rows[0].rotated_at).not.toBeNull();

    const next = await post(t, '/auth/refresh', { refreshToken: body.refreshToken });
    expect(next.statusCode).toBe(200);
    // The new access token is accepted by a signed-in route (the user's email is already verified: 409, not 401).
    const signedIn = await post(t, '/account/verify-email/send', undefined, body.accessToken);
    expect(signedIn.statusCode).toBe(409);
  });

  it('treats a rotated token presented again as theft: 401 TOKEN_REUSED and the whole family revoked', async () => {
    const { user, refreshToken } = await signIn();
    const rotated = (await post(t, '/auth/refresh', { refreshToken })).json().refreshToken;

    const reuse = await post(t, '/auth/refresh', { refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TOKEN_REUSED');
    expect(await liveTokens(user.id)).toBe(0);

    const afterTheft = await post(t, '/auth/refresh', { refreshToken: rotated });
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json().code).toBe('UNAUTHORIZED');
  });

  it('lets only one of two parallel refreshes with the same token succeed', async () => {
    const { user, refreshToken } = await signIn();
    const answers = await Promise.all([
      post(t, '/auth/refresh', { refreshToken }),
      post(t, '/auth/refresh', { refreshToken }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    expect(answers.find((a) => a.statusCode === 401)?.json().code).toBe('TOKEN_REUSED');
    expect(await liveTokens(user.id)).toBe(0);
  });

  it('refuses unknown, expired and malformed tokens', async () => {
    const unknown = await post(t, '/auth/refresh', { refreshToken: 'not-a-token-we-issued' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('UNAUTHORIZED');

    const { user, refreshToken } = await signIn();
    await t.database.pool.query(
      "update refresh_tokens set expires_at = now() - interval '1 second' where user_id = $1",
      [user.id],
    );
    const expired = await post(t, '/auth/refresh', { refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');

    const missing = await post(t, '/auth/refresh', {});
    expect(missing.statusCode).toBe(400);
    const extra = await post(t, '/auth/refresh', { refreshToken, userId: user.id });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a blocked user with 403 and a deleted user with 401', async () => {
    const blocked = await signIn();
    await t.database.pool.query('update users set is_blocked = true where id = $1', [blocked.user.id]);
    const res = await post(t, '/auth/refresh', { refreshToken: blocked.refreshToken });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'BLOCKED', message: 'You are blocked' });

    const deleted = await signIn();
    await t.database.pool.query('update users set deleted_at = now() where id = $1', [deleted.user.id]);
    expect((await post(t, '/auth/refresh', { refreshToken: deleted.refreshToken })).statusCode).toBe(401);
  });

  it('logs out by revoking the token family, and accepts a logout without a token', async () => {
    const { user, refreshToken } = await signIn();
    const other = (await post(t, '/login', { email: user.email, password: user.password })).json().refreshToken;

    const res = await post(t, '/logout', { refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    expect((await post(t, '/auth/refresh', { refreshToken })).statusCode).toBe(401);
    // Another device's session stays.
    expect((await post(t, '/auth/refresh', { refreshToken: other })).statusCode).toBe(200);

    expect((await post(t, '/logout', {})).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/user/logout' })).statusCode).toBe(200);
    expect((await post(t, '/logout', { refreshToken: 'x', admin: true })).statusCode).toBe(400);
  });
});
