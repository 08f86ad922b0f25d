import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, KARNATAKA_ADDRESS } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { containsPattern } from '../../db/like.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { addresses, users } from '../../db/schema/users.ts';

describe('admin users', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Shop Admin', email: 'boss@bagshop.in' });
    customer = await createUser(t, { name: 'Plain Customer', email: 'plain@example.com' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });

  async function giveSession(userId: string) {
    await t.database.db.insert(refreshTokens).values({
      userId,
      familyId: crypto.randomUUID(),
      tokenHash: crypto.randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }

  it('refuses visitors with 401 and customers with 403 on every route', async () => {
    const routes = [
      ['GET', '/api/user/'],
      ['GET', '/api/user/search/a'],
      ['GET', `/api/user/${customer.id}`],
      ['PUT', `/api/user/${customer.id}/unblock`],
      ['DELETE', `/api/user/${customer.id}`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.request({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      const res = await t.request({ method, url, token: customer.token });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row.isBlocked).toBe(false);
    expect(row.deletedAt).toBeNull();
  });

  it('lists users newest first in pages of 6, without deleted ones', async () => {
    const created: TestUser[] = [];
    for (let i = 0; i < 7; i++)
      created.push(await createUser(t, { name: `Pager ${i}`, email: `pager${i}@example.com` }));
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, created[6].id));

    const first = await get('/api/user/?keyword=pager');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 6, page: 1, pages: 1 });
    expect(body.users.map((u: { name: string }) => u.name)).toEqual([
      'Pager 5',
      'Pager 4',
      'Pager 3',
      'Pager 2',
      'Pager 1',
      'Pager 0',
    ]);
    expect(body.users[0]).toEqual({
      _id: created[5].id,
      name: 'Pager 5',
      email: 'pager5@example.com',
      phone: '9876543210',
      isAdmin: false,
      isExist: true,
      emailVerified: true,
      createdAt: expect.any(String),
    });

    const all = await get('/api/user/');
    expect(all.json()).toMatchObject({ total: 8, page: 1, pages: 2 });
    expect(all.json().users).toHaveLength(6);
    const second = await get('/api/user/?page=2');
    expect(second.json().users.map((u: { _id: string }) => u._id)).toEqual([customer.id, admin.id]);
    const beyond = await get('/api/user/?page=9');
    expect(beyond.json()).toMatchObject({ users: [], total: 8, page: 9 });
    const badPage = await get('/api/user/?page=0');
    expect(badPage.statusCode).toBe(400);
  });

  it('matches name or email case-insensitively, with wildcards taken literally', async () => {
    await createUser(t, { name: 'Meera Nair', email: 'meera_n@example.com' });
    await createUser(t, { name: 'Meerax Nair', email: 'meeraxn@example.com' });
    const byName = await get('/api/user/?keyword=MEERA%20NAIR');
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual(['meera_n@example.com']);
    const underscore = await get('/api/user/search/meera_');
    expect(underscore.statusCode).toBe(200);
    expect(underscore.json()).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(underscore.json().users[0].email).toBe('meera_n@example.com');
    const percent = await get('/api/user/search/%25');
    expect(percent.json().total).toBe(0);
    const regexish = await get(`/api/user/?keyword=${encodeURIComponent('.*')}`);
    expect(regexish.json().total).toBe(0);
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('shows one user, and 404 for unknown, malformed or deleted ids', async () => {
    const res = await get(`/api/user/${customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: customer.id, email: 'plain@example.com', isExist: true });
    expect((await get('/api/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/user/not-an-id')).statusCode).toBe(404);
    const gone = await createUser(t);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await get(`/api/user/${gone.id}`)).statusCode).toBe(404);
  });

  it('blocking takes effect at once and revokes sessions; unblocking restores access', async () => {
    const victim = await createUser(t);
    await giveSession(victim.id);
    await giveSession(victim.id);
    expect((await get('/api/user/account', victim.token)).statusCode).toBe(200);

    const blocked = await t.request({ method: 'PUT', url: `/api/user/${victim.id}/unblock`, token: admin.token });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().message).toBe('User blocked');
    expect(blocked.json().user).toMatchObject({ _id: victim.id, isExist: false });

    const denied = await get('/api/user/account', victim.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You are blocked');
    const sessions = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, victim.id));
    expect(sessions).toHaveLength(2);
    for (const s of sessions) expect(s.revokedAt).toBeInstanceOf(Date);

    const unblocked = await t.request({ method: 'PUT', url: `/api/user/${victim.id}/unblock`, token: admin.token });
    expect(unblocked.json()).toMatchObject({ message: 'User unblocked', user: { isExist: true } });
    // The access token issued before the block stays refused: the user signs in again.
    expect((await get('/api/user/account', victim.token)).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: victim.email, password: victim.password },
    });
    expect((await get('/api/user/account', again.json().token)).statusCode).toBe(200);
  });

  it('an admin cannot block or delete themself', async () => {
    const block = await t.request({ method: 'PUT', url: `/api/user/${admin.id}/unblock`, token: admin.token });
    expect(block.statusCode).toBe(409);
    expect(block.json()).toEqual({ message: 'You cannot block your own account', code: 'CONFLICT' });
    const del = await t.request({ method: 'DELETE', url: `/api/user/${admin.id}`, token: admin.token });
    expect(del.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row.isBlocked).toBe(false);
    expect(row.deletedAt).toBeNull();
  });

  it('deleting is soft, revokes sessions, shuts the user out and frees the email', async () => {
    const leaving = await createUser(t, { email: 'leaving@example.com' });
    await giveSession(leaving.id);
    const res = await t.request({ method: 'DELETE', url: `/api/user/${leaving.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted' });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const [session] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, leaving.id));
    expect(session.revokedAt).toBeInstanceOf(Date);
    expect((await get('/api/user/account', leaving.token)).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/user/${leaving.id}`, token: admin.token })).statusCode).toBe(
      404,
    );

    const again = await createUser(t, { email: 'leaving@example.com' });
    expect(again.id).not.toBe(leaving.id);
  });

  // CGST Act s. 36 and rule 56: invoices and the accounts behind them are kept 72 months; the rest of the personal
  // data goes (docs/decisions/042-gst-on-what-is-paid.md).
  it('deleting a user keeps what their invoices print and removes the rest of their personal data', async () => {
    const leaving = await createUser(t, { email: 'invoiced@example.com' });
    await t.database.db.update(users).set({ phone: '9876501234' }).where(eq(users.id, leaving.id));
    await t.database.db.insert(addresses).values({ userId: leaving.id, ...KARNATAKA_ADDRESS });
    const invoiced = await insertOrder(t, leaving.id, {
      order: { invoiceNumber: `INV/26-27/${crypto.randomInt(900_000, 999_999)}`, invoicedAt: new Date() },
    });
    const unpaid = await insertOrder(t, leaving.id, {
      order: { paymentMethod: 'cod', paymentStatus: 'Pending', paidAt: null },
    });
    expect((await t.request({ method: 'DELETE', url: `/api/user/${leaving.id}`, token: admin.token })).statusCode).toBe(
      200,
    );

    const [row] = await t.database.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row.name).not.toBe('');
    expect(row).toMatchObject({ email: 'invoiced@example.com', phone: '', passwordHash: null });
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, leaving.id))).toEqual([]);
    const addressOf = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0].shippingAddress;
    expect(await addressOf(invoiced.order.id)).toEqual(KARNATAKA_ADDRESS);
    expect(await addressOf(unpaid.order.id)).toMatchObject({ name: 'Deleted user', street: '', phone: '' });
    const invoice = await t.request({
      method: 'GET',
      url: `/api/orders/${invoiced.order.id}/invoice`,
      token: admin.token,
    });
    expect(invoice.statusCode).toBe(200);
    // An invoiced order is never deleted, whoever asks the database.
    await expect(t.database.db.delete(orders).where(eq(orders.id, invoiced.order.id))).rejects.toThrow();
    expect(await addressOf(invoiced.order.id)).toEqual(KARNATAKA_ADDRESS);
  });
});
