import crypto from 'node:crypto';
import { SORT_DIRECTIONS, USER_SORTS } from '@bagshop/shared/schemas/admin-lists';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface Seeded {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

function reference(rows: Seeded[], sort: (typeof USER_SORTS)[number], dir: 'asc' | 'desc'): string[] {
  const key = (r: Seeded) =>
    sort === 'name' ? r.name.toLowerCase() : sort === 'email' ? r.email.toLowerCase() : r.createdAt.getTime();
  return sortedIds(rows, key, dir);
}

describe('admin user list: sizes, sorting, bulk block', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const seeded: Seeded[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Desk Admin', email: 'desk@bagshop.in' });
    customer = await createUser(t, { name: 'Plain Customer', email: 'plain@example.com' });
    const people = [
      ['meera Iyer', 'zed.listed@example.com'],
      ['Arjun Listed', 'Arjun.listed@example.com'],
      ['zoya Listed', 'bina.listed@example.com'],
      ['Arjun Listed', 'c.listed@example.com'],
      ['Kabir listed', 'KABIR.listed@example.com'],
      ['Listed Ravi', 'ravi.listed@example.com'],
      ['Listed anu', 'anu.listed@example.com'],
    ];
    const start = Date.parse('2026-10-01T00:00:00.000Z');
    for (const [i, [name, email]] of people.entries()) {
      const user = await createUser(t, { name, email });
      const createdAt = new Date(start + ((i * 3) % 7) * 86_400_000);
      await t.database.db.update(users).set({ createdAt }).where(eq(users.id, user.id));
      seeded.push({ id: user.id, name, email, createdAt });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
  const bulk = (payload: object, token = admin.token) =>
    t.request({ method: 'PUT', url: '/api/user/bulk-block', payload, token });

  it('sorts by every listed column in both directions, as a JavaScript sort of the same rows does', async () => {
    for (const sort of USER_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`/api/user/?keyword=listed&limit=50&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        expect(
          res.json().users.map((u: { _id: string }) => u._id),
          `${sort} ${dir}`,
        ).toEqual(reference(seeded, sort, dir));
      }
    }
  });

  it('pages by the chosen size and refuses other sizes and columns with a 400', async () => {
    const page2 = await get('/api/user/?keyword=listed&sort=email&dir=asc&page=2');
    expect(page2.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(page2.json().users.map((u: { _id: string }) => u._id)).toEqual(reference(seeded, 'email', 'asc').slice(6));
    expect((await get('/api/user/?keyword=listed&limit=100')).json().users).toHaveLength(7);
    for (const query of ['limit=10', 'limit=5', 'sort=phone', 'sort=passwordHash', 'dir=sideways']) {
      const res = await get(`/api/user/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('blocks several users in one transaction, ends their sessions and counts only changes', async () => {
    const [a, b, c] = seeded;
    for (const id of [a.id, b.id])
      await t.database.db.insert(refreshTokens).values({
        userId: id,
        familyId: crypto.randomUUID(),
        tokenHash: crypto.randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, c.id));

    const res = await bulk({ ids: [a.id, b.id, c.id, MISSING], action: 'block' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 users blocked', changed: 2 });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.id, [a.id, b.id, c.id]));
    expect(rows.every((r) => r.isBlocked)).toBe(true);
    const sessions = await t.database.db
      .select()
      .from(refreshTokens)
      .where(inArray(refreshTokens.userId, [a.id, b.id]));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);

    const back = await bulk({ ids: [a.id, b.id, c.id], action: 'unblock' });
    expect(back.json()).toEqual({ message: '3 users unblocked', changed: 3 });
    const one = await bulk({ ids: [a.id], action: 'block' });
    expect(one.json()).toEqual({ message: '1 user blocked', changed: 1 });
    await bulk({ ids: [a.id], action: 'unblock' });
  });

  it('refuses to block the administrator themself, and refuses others and bad ids, changing nothing', async () => {
    const other = seeded[3];
    const self = await bulk({ ids: [other.id, admin.id], action: 'block' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'CONFLICT', message: 'You cannot block your own account' });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.id, [other.id, admin.id]));
    expect(rows.some((r) => r.isBlocked)).toBe(false);

    expect((await bulk({ ids: [other.id], action: 'block' }, customer.token)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'PUT', url: '/api/user/bulk-block', payload: { ids: [other.id], action: 'block' } }))
        .statusCode,
    ).toBe(401);
    for (const payload of [
      { ids: ['1'], action: 'block' },
      { ids: [], action: 'unblock' },
      { ids: [other.id], action: 'delete' },
      { ids: [other.id], action: 'block', admin: true },
    ]) {
      const res = await bulk(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row.isBlocked).toBe(false);
  });
});
