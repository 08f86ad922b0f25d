import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { users } from '../../db/schema/users.ts';
import { ensureAdmin } from './admin-bootstrap.ts';

describe('first administrator (ADMIN_EMAIL / npm run admin:create)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an administrator who can sign in and reach admin routes', async () => {
    expect(await ensureAdmin(t.database.db, { email: 'Owner@BagShop.in', password: 'Owner@1234' })).toBe('created');
    const login = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'owner@bagshop.in', password: 'Owner@1234' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.isAdmin).toBe(true);
    const list = await t.request({ method: 'GET', url: '/api/user/', token: login.json().token });
    expect(list.statusCode).toBe(200);
  });

  it('promotes an existing customer and sets the given password', async () => {
    const customer = await createUser(t, { email: 'promote.me@example.in' });
    expect(await ensureAdmin(t.database.db, { email: customer.email, password: 'Fresh@1234' })).toBe('updated');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row.isAdmin).toBe(true);
    const old = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a weak password or a bad email with the spec messages', async () => {
    await expect(ensureAdmin(t.database.db, { email: 'weak@bagshop.in', password: 'secret' })).rejects.toThrow(
      'Password must be at least 8 characters',
    );
    await expect(ensureAdmin(t.database.db, { email: 'not-an-email', password: 'Owner@1234' })).rejects.toThrow(
      'Invalid email',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'weak@bagshop.in'));
    expect(row).toBeUndefined();
  });

  it('promoting an account ends its sessions; running again for the same administrator keeps them', async () => {
    const customer = await createUser(t, { email: 'promoted.customer@example.com' });
    const signIn = (password: string) =>
      t.request({ method: 'POST', url: '/api/user/login', payload: { email: customer.email, password } });
    const session = (await signIn(customer.password)).json() as { token: string; refreshToken: string };
    const account = (token: string) => t.request({ method: 'GET', url: '/api/user/account', token });
    const refresh = (refreshToken: string) =>
      t.request({ method: 'POST', url: '/api/user/auth/refresh', payload: { refreshToken } });
    expect((await account(session.token)).statusCode).toBe(200);

    // Promoted with the password the account already has: still every session ends.
    expect(await ensureAdmin(t.database.db, { email: customer.email, password: customer.password })).toBe('updated');
    expect((await account(session.token)).statusCode).toBe(401);
    expect((await account(customer.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);

    // A restart with the same ADMIN_EMAIL and ADMIN_PASSWORD leaves the administrator signed in.
    const admin = (await signIn(customer.password)).json() as { token: string; refreshToken: string };
    expect(await ensureAdmin(t.database.db, { email: customer.email, password: customer.password })).toBe('updated');
    expect((await account(admin.token)).statusCode).toBe(200);
    // A new password ends the sessions, as a password change does.
    expect(await ensureAdmin(t.database.db, { email: customer.email, password: 'Other@1234' })).toBe('updated');
    expect((await account(admin.token)).statusCode).toBe(401);
    expect((await refresh(admin.refreshToken)).statusCode).toBe(401);
  });
});
