import { AUDIT_PAGE_SIZE, type AuditKind, type AuditList } from '@bagshop/shared/audit';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';

let t: TestApp;
let meera: TestUser;
let arjun: TestUser;
let kiran: TestUser;
let customer: TestUser;

type Seed = { admin: TestUser; kind: AuditKind; at: string; summary: string };

/** Entries written straight into the log, at known instants (UTC): the tests are about reading them. */
async function seed(rows: Seed[]) {
  await t.database.db.insert(auditLog).values(
    rows.map((r): typeof auditLog.$inferInsert => ({
      adminId: r.admin.id,
      kind: r.kind,
      action: 'update',
      entityId: crypto.randomUUID(),
      summary: r.summary,
      before: { name: 'Old' },
      after: { name: 'New' },
      createdAt: new Date(r.at),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  meera = await createUser(t, { isAdmin: true, name: 'Meera Admin', email: 'meera@bagshop.in' });
  arjun = await createUser(t, { isAdmin: true, name: 'Arjun Admin', email: 'arjun@bagshop.in' });
  kiran = await createUser(t, { isAdmin: true, name: 'Kiran Admin', email: 'kiran@bagshop.in' });
  customer = await createUser(t);
  await seed([
    // 23:59:59 on 9 March in India, then midnight of 10 March and 23:59:59 of 10 March, then 11 March.
    { admin: meera, kind: 'product', at: '2024-03-09T18:29:59Z', summary: 'Product "Late Ninth"' },
    { admin: arjun, kind: 'category', at: '2024-03-09T18:30:00Z', summary: 'Category "Tenth Midnight"' },
    { admin: meera, kind: 'category', at: '2024-03-10T18:29:59Z', summary: 'Category "Late Tenth"' },
    { admin: arjun, kind: 'order', at: '2024-03-10T18:30:00Z', summary: 'Order ORD-ELEVENTH item "Bag"' },
  ]);
  // Arjun's busy day: enough entries for three pages.
  await seed(
    Array.from({ length: 2 * AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
      admin: arjun,
      kind: 'coupon',
      at: new Date(Date.UTC(2024, 5, 1, 5, 0, i)).toISOString(),
      summary: `Coupon "Deal ${String(i).padStart(2, '0')}"`,
    })),
  );
});
afterAll(() => t.close());

async function list(query = '', token = meera.token) {
  const response = await t.request({ method: 'GET', url: `/api/user/admin/audit${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditList;
}
const summaries = (body: AuditList) => body.entries.map((e) => e.summary);

describe('audit log list', () => {
  it('is for administrators only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/admin/audit' })).statusCode).toBe(401);
    const asCustomer = await t.request({ method: 'GET', url: '/api/user/admin/audit', token: customer.token });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('answers newest first, twenty a page, with the admin of each entry and every admin who has entries', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 49, page: 1, pages: 3 });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toEqual({
      id: expect.any(String),
      admin: { id: arjun.id, name: 'Arjun Admin', email: 'arjun@bagshop.in' },
      kind: 'coupon',
      action: 'update',
      entityId: expect.any(String),
      summary: 'Coupon "Deal 44"',
      before: { name: 'Old' },
      after: { name: 'New' },
      createdAt: '2024-06-01T05:00:44.000Z',
    });
    const times = first.entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // Kiran wrote nothing and the customer is no administrator.
    expect(first.admins).toEqual([
      { id: arjun.id, name: 'Arjun Admin', email: 'arjun@bagshop.in' },
      { id: meera.id, name: 'Meera Admin', email: 'meera@bagshop.in' },
    ]);
    expect(first.admins.map((a) => a.id)).not.toContain(kiran.id);

    const third = await list('?page=3');
    expect(third).toMatchObject({ total: 49, page: 3, pages: 3 });
    expect(summaries(third)).toEqual([
      ...[4, 3, 2, 1, 0].map((i) => `Coupon "Deal 0${i}"`),
      'Order ORD-ELEVENTH item "Bag"',
      'Category "Late Tenth"',
      'Category "Tenth Midnight"',
      'Product "Late Ninth"',
    ]);
    expect((await list('?page=4')).entries).toEqual([]);
  });

  it('filters by administrator and by kind', async () => {
    expect(summaries(await list(`?adminId=${meera.id}`))).toEqual(['Category "Late Tenth"', 'Product "Late Ninth"']);
    expect(summaries(await list('?kind=category'))).toEqual(['Category "Late Tenth"', 'Category "Tenth Midnight"']);
    const arjunsCategories = await list(`?adminId=${arjun.id}&kind=category`);
    expect(summaries(arjunsCategories)).toEqual(['Category "Tenth Midnight"']);
    expect(arjunsCategories.admins).toHaveLength(2);
    expect((await list(`?adminId=${kiran.id}`)).total).toBe(0);
    expect((await list('?kind=coupon&page=3')).entries).toHaveLength(5);
  });

  it('filters by shop days in India, both ends inclusive', async () => {
    expect(summaries(await list('?startDate=2024-03-10&endDate=2024-03-10'))).toEqual([
      'Category "Late Tenth"',
      'Category "Tenth Midnight"',
    ]);
    expect(summaries(await list('?startDate=2024-03-09&endDate=2024-03-09'))).toEqual(['Product "Late Ninth"']);
    expect(summaries(await list('?startDate=2024-03-11&endDate=2024-03-11'))).toEqual([
      'Order ORD-ELEVENTH item "Bag"',
    ]);
    expect((await list('?startDate=2024-03-10')).total).toBe(48);
    expect(summaries(await list('?endDate=2024-03-10'))).toEqual([
      'Category "Late Tenth"',
      'Category "Tenth Midnight"',
      'Product "Late Ninth"',
    ]);
    expect(summaries(await list(`?startDate=2024-03-01&endDate=2024-03-31&adminId=${meera.id}&kind=product`))).toEqual([
      'Product "Late Ninth"',
    ]);
  });

  it.each([
    ['adminId', '?adminId=someone', 'Choose an administrator'],
    ['kind', '?kind=wallet', 'Choose a kind'],
    ['startDate', '?startDate=10-03-2024', INSIGHT_MSG.dateInvalid],
    ['endDate', '?endDate=2024-13-40', INSIGHT_MSG.dateInvalid],
    ['startDate', '?startDate=2024-02-30', INSIGHT_MSG.dateInvalid],
    ['endDate', '?startDate=2024-03-10&endDate=2024-03-09', INSIGHT_MSG.endBeforeStart],
    ['page', '?page=0', undefined],
    ['page', '?page=two', 'Page must be a number'],
    ['filter', '?filter=daily', "Unknown field 'filter'"],
  ])('refuses a bad %s (%s) with a message under the field', async (field, query, message) => {
    const response = await t.request({ method: 'GET', url: `/api/user/admin/audit${query}`, token: meera.token });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual([field]);
    if (message) expect(fields[field]).toBe(message);
  });
});
