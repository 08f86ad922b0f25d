import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { otps } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { hashOtp } from '../../platform/otp-codes.ts';

describe('account profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the signed-in user', async () => {
    const u = await createUser(t, { name: 'Asha Rao', phone: '9123456780' });
    const res = await t.request({ method: 'GET', url: '/api/user/account', token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        _id: u.id,
        email: u.email,
        name: 'Asha Rao',
        phone: '9123456780',
        isAdmin: false,
        isExist: true,
        emailVerified: true,
        hasPassword: true,
        address: [],
        image: [],
      },
    });
  });

  it('refuses visitors, bad tokens and deleted users with 401', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/account' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user/account', token: 'not-a-token' })).statusCode).toBe(401);
    const u = await createUser(t);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.id));
    const res = await t.request({ method: 'GET', url: '/api/user/account', token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a blocked user with 403', async () => {
    const u = await createUser(t);
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, u.id));
    const res = await t.request({ method: 'GET', url: '/api/user/account', token: u.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are blocked', code: 'BLOCKED' });
  });

  it('updates name and phone and keeps the email verified when it does not change', async () => {
    const u = await createUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Ravi Kumar', email: u.email.toUpperCase(), phone: '9000000001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    expect(res.json().user).toMatchObject({
      name: 'Ravi Kumar',
      email: u.email,
      phone: '9000000001',
      emailVerified: true,
    });
    const [row] = await t.database.db.select({ n: otps.id }).from(otps).where(eq(otps.email, u.email));
    expect(row).toBeUndefined();
  });

  it('a new email waits for the code mailed to it: the account keeps its email until then', async () => {
    const u = await createUser(t);
    const newEmail = `new-${u.id.slice(0, 8)}@example.com`;
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Renamed User', email: newEmail, phone: '9876543210', currentPassword: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pendingEmail: newEmail, message: 'Profile updated successfully' });
    // Name and phone change at once; the email stays as it was, still verified.
    expect(res.json().user).toMatchObject({ name: 'Renamed User', email: u.email, emailVerified: true });
    const code = await t.mail.nextCode(newEmail, /Confirm your new Bag Shop email/);
    const [otp] = await t.database.db
      .select()
      .from(otps)
      .where(and(eq(otps.email, newEmail), eq(otps.purpose, 'change_email')));
    expect(otp.codeHash).toBe(hashOtp('change_email', newEmail, code));
    expect(otp.payload).toEqual({ userId: u.id });
    expect(otp.attempts).toBe(0);
    const ttl = otp.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000);

    // Asking for another address drops the first change: one pending change per account.
    const other = `other-${u.id.slice(0, 8)}@example.com`;
    await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Renamed User', email: other, phone: '9876543210', currentPassword: u.password },
    });
    await t.mail.nextCode(other);
    const rows = await t.database.db
      .select({ email: otps.email })
      .from(otps)
      .where(and(eq(otps.purpose, 'change_email')));
    expect(rows.filter((r) => r.email === newEmail || r.email === other)).toEqual([{ email: other }]);
    const stale = await t.request({
      method: 'POST',
      url: '/api/user/account/verify-email-change',
      token: u.token,
      payload: { otp: code },
    });
    expect(stale.statusCode).toBe(400);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
    expect(row.email).toBe(u.email);
  });

  it('the mailed code makes the new email the account email', async () => {
    const u = await createUser(t);
    const newEmail = `verify-${u.id.slice(0, 8)}@example.com`;
    await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Test User', email: newEmail, phone: '9876543210', currentPassword: u.password },
    });
    const code = await t.mail.nextCode(newEmail);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/account/verify-email-change',
      token: u.token,
      payload: { otp: code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your email has been changed',
      user: { email: newEmail, emailVerified: true },
    });
  });

  it("refuses another live user's email with 409 but allows a deleted user's", async () => {
    const taken = await createUser(t);
    const gone = await createUser(t);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const u = await createUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Test User', email: taken.email, phone: '9876543210', currentPassword: u.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
      fields: { email: 'An account with this email already exists' },
    });
    const ok = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Test User', email: gone.email, phone: '9876543210', currentPassword: u.password },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('gives per-field messages', async () => {
    const u = await createUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'A'.repeat(26), email: 'nope', phone: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name must be at most 25 characters long',
      email: 'Invalid email',
      phone: 'Phone number must be 10 digits',
    });
    const empty = await t.request({ method: 'PUT', url: '/api/user/account/edit', token: u.token, payload: {} });
    expect(empty.json().fields).toMatchObject({ name: 'Name is required', email: 'Email is required' });
  });

  it('refuses mass assignment of isAdmin', async () => {
    const u = await createUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Test User', email: u.email, phone: '9876543210', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ isAdmin: "Unknown field 'isAdmin'" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row.isAdmin).toBe(false);
  });

  it('needs a token to edit', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      payload: { name: 'Test User', email: 'x@example.com', phone: '9876543210' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('account profile when mail cannot go out', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback refuses connections: every send fails at once.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' });
  });
  afterAll(() => t.close());

  it('still saves the profile and lets the user ask for a new code at once', async () => {
    const u = await createUser(t);
    const newEmail = `offline-${u.id.slice(0, 8)}@example.com`;
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/account/edit',
      token: u.token,
      payload: { name: 'Offline User', email: newEmail, phone: '9876543210', currentPassword: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pendingEmail: newEmail, user: { name: 'Offline User', email: u.email } });
    const [otp] = await t.database.db
      .select()
      .from(otps)
      .where(and(eq(otps.email, newEmail), eq(otps.purpose, 'change_email')));
    expect(otp.sentAt.getTime()).toBe(0);
  });
});
