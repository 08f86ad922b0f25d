import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { post, uniqueEmail } from './auth-test-helpers.ts';

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs a user in with the user, an access token and a refresh token', async () => {
    const user = await createUser(t, { email: uniqueEmail('asha'), name: 'Asha Menon' });
    const res = await post(t, '/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(body.user).toMatchObject({
      _id: user.id,
      email: user.email,
      name: 'Asha Menon',
      isExist: true,
      address: [],
    });
    expect(body.user).not.toHaveProperty('passwordHash');

    const stored = await t.database.pool.query('select token_hash from refresh_tokens where user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toBe(body.refreshToken);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const user = await createUser(t, { email: uniqueEmail('wrong') });
    const wrong = await post(t, '/login', { email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Login failed. Please check your credentials.',
    });
    const unknown = await post(t, '/login', { email: uniqueEmail('ghost'), password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a blocked user with 403, and a deleted one with 401', async () => {
    const blocked = await createUser(t, { email: uniqueEmail('blocked') });
    await t.database.pool.query('update users set is_blocked = true where id = $1', [blocked.id]);
    const res = await post(t, '/login', { email: blocked.email, password: blocked.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'BLOCKED', message: 'You are blocked' });

    const deleted = await createUser(t, { email: uniqueEmail('deleted') });
    await t.database.pool.query('update users set deleted_at = now() where id = $1', [deleted.id]);
    expect((await post(t, '/login', { email: deleted.email, password: deleted.password })).statusCode).toBe(401);
  });

  it('answers per-field messages and refuses unknown fields', async () => {
    const empty = await post(t, '/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ email: 'Email is required', password: 'Password is required' });
    const short = await post(t, '/login', { email: 'bad', password: 'abc' });
    expect(short.json().fields).toEqual({ email: 'Invalid email', password: 'Password must be at least 6 characters' });
    const extra = await post(t, '/login', { email: uniqueEmail('x'), password: 'secret1', isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ isAdmin: "Unknown field 'isAdmin'" });
  });

  it('limits attempts to 10 per 15 minutes for one address and email, without locking out other emails', async () => {
    const user = await createUser(t, { email: uniqueEmail('target') });
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/login', { email: user.email, password: 'guess-number' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(t, '/login', { email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other = await createUser(t, { email: uniqueEmail('bystander') });
    expect((await post(t, '/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.request({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });
  let lastOctet = 0;
  const newAddress = () => `10.1.${Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

  it('locks an account for everyone after 10 failed sign-ins from any addresses, with retry-after', async () => {
    const user = await createUser(t, { email: uniqueEmail('locked') });
    for (let i = 0; i < 10; i++) {
      expect((await attempt(user.email, `wrong-guess-${i}`, newAddress())).statusCode).toBe(401);
    }
    // The right password, from an address never seen before: refused until the window ends.
    const fresh = newAddress();
    const refused = await attempt(user.email, user.password, fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    // Another account is not affected, from the same addresses either.
    const other = await createUser(t, { email: uniqueEmail('unlocked') });
    expect((await attempt(other.email, other.password, fresh)).statusCode).toBe(200);

    // When the window has passed, the account opens again.
    await t.database.pool.query("update rate_limit_hits set resets_at = now() - interval '1 second' where key = $1", [
      `login|account|${user.email}`,
    ]);
    expect((await attempt(user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('counts failed sign-ins only: successful ones never lock the account', async () => {
    const user = await createUser(t, { email: uniqueEmail('regular') });
    const address = newAddress();
    for (let i = 0; i < 15; i++) expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(user.email, 'wrong-guess', address)).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
    expect((await attempt(user.email, 'wrong-guess', address)).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(429);
  });

  it('limits failed sign-ins from one address over many accounts to 50 in 15 minutes', async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) {
      expect((await attempt(uniqueEmail(`spray${i}`), 'wrong-guess', address)).statusCode).toBe(401);
    }
    const user = await createUser(t, { email: uniqueEmail('sprayed') });
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(429);
    expect((await attempt(user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('a password reset through the emailed code reopens a locked account at once', async () => {
    const user = await createUser(t, { email: uniqueEmail('reopened') });
    for (let i = 0; i < 10; i++) await attempt(user.email, 'wrong-guess', newAddress());
    expect((await attempt(user.email, user.password, newAddress())).statusCode).toBe(429);

    await post(t, '/forgot-password', { email: user.email });
    const otp = await t.mail.nextCode(user.email);
    const { resetToken } = (await post(t, '/verify-otp-password', { email: user.email, otp })).json();
    const newPassword = 'Fresh@Pass42';
    const reset = await post(t, '/reset-password', {
      email: user.email,
      newPassword,
      confirmPassword: newPassword,
      resetToken,
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(user.email, newPassword, newAddress())).statusCode).toBe(200);
  });
});
