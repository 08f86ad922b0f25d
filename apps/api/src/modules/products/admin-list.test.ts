import { PRODUCT_SORTS, SORT_DIRECTIONS } from '@bagshop/shared/schemas/admin-lists';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { products } from '../../db/schema/catalogue.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const BOM = '\uFEFF';

interface Seeded {
  id: string;
  name: string;
  category: string;
  price: number;
  quantity: number;
  createdAt: Date;
}

/** The order the list promises, worked out in JavaScript: the column, then the id, both in the asked direction. */
function reference(rows: Seeded[], sort: (typeof PRODUCT_SORTS)[number], dir: 'asc' | 'desc'): string[] {
  const key = (r: Seeded): string | number => {
    if (sort === 'name') return r.name.toLowerCase();
    if (sort === 'category') return r.category.toLowerCase();
    if (sort === 'price') return r.price;
    if (sort === 'quantity') return r.quantity;
    return r.createdAt.getTime();
  };
  return sortedIds(rows, key, dir);
}

describe('admin product list: sizes, sorting, bulk block, CSV', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const seeded: Seeded[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
    const bags = await createCategory(t, { name: 'bags' });
    const totes = await createCategory(t, { name: 'Totes' });
    // Mixed case, equal quantities and equal prices, so the tie on the id is exercised too.
    const specs = [
      { name: 'Sortly alpha', category: bags, price: 99_900, quantity: 4 },
      { name: 'sortly Beta', category: totes, price: 149_900, quantity: 4 },
      { name: 'Sortly gamma', category: bags, price: 49_900, quantity: 12 },
      { name: 'SORTLY delta', category: totes, price: 149_900, quantity: 0 },
      { name: 'Sortly epsilon', category: bags, price: 259_900, quantity: 7 },
      { name: 'sortly zeta', category: totes, price: 99_900, quantity: 4 },
      { name: 'Sortly eta', category: bags, price: 19_900, quantity: 30 },
    ];
    const start = Date.parse('2026-11-01T10:00:00.000Z');
    for (const [i, s] of specs.entries()) {
      const createdAt = new Date(start + ((i * 7) % 5) * 3_600_000 + i * 1000);
      const row = await createProduct(t, {
        name: s.name,
        categoryId: s.category.id,
        pricePaise: s.price,
        quantity: s.quantity,
        createdAt,
      });
      seeded.push({
        id: row.id,
        name: s.name,
        category: s.category.name,
        price: s.price,
        quantity: s.quantity,
        createdAt,
      });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
  const bulk = (payload: object, token = admin.token) =>
    t.request({ method: 'PUT', url: '/api/products/bulk-block', payload, token });

  it('sorts by every listed column in both directions, as a JavaScript sort of the same rows does', async () => {
    for (const sort of PRODUCT_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`/api/products/?keyword=sortly&limit=25&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        const ids = res.json().products.map((p: { _id: string }) => p._id);
        expect(ids, `${sort} ${dir}`).toEqual(reference(seeded, sort, dir));
      }
    }
    // Without a sort the list is newest first, as before.
    const plain = await get('/api/products/?keyword=sortly&limit=25');
    expect(plain.json().products.map((p: { _id: string }) => p._id)).toEqual(reference(seeded, 'createdAt', 'desc'));
  });

  it('pages by the chosen size and refuses any other size, column or direction with a 400', async () => {
    const six = await get('/api/products/?keyword=sortly&sort=name&dir=asc&page=2');
    expect(six.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(six.json().products.map((p: { _id: string }) => p._id)).toEqual(reference(seeded, 'name', 'asc').slice(6));
    for (const limit of [25, 50, 100]) {
      const res = await get(`/api/products/?keyword=sortly&limit=${limit}`);
      expect(res.json()).toMatchObject({ total: 7, pages: 1 });
      expect(res.json().products).toHaveLength(7);
    }
    for (const query of ['limit=7', 'limit=0', 'limit=1000', 'limit=abc', 'limit=', 'limit=-6']) {
      const res = await get(`/api/products/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields.limit, query).toBe('Rows per page must be 6, 25, 50 or 100');
    }
    for (const query of ['sort=description', 'sort=created_at;drop', 'sort=', 'dir=up', 'dir=ASC']) {
      const res = await get(`/api/products/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('blocks and unblocks several products in one call, counting only those that changed', async () => {
    const [a, b, c] = seeded;
    await t.database.db.update(products).set({ isBlocked: true }).where(eq(products.id, c.id));
    const blocked = await bulk({ ids: [a.id, b.id, c.id, MISSING], action: 'block' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: '2 products blocked', changed: 2 });
    const rows = await t.database.db
      .select()
      .from(products)
      .where(inArray(products.id, [a.id, b.id, c.id]));
    expect(rows.every((r) => r.isBlocked)).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, [a.id, b.id, c.id]), eq(auditLog.action, 'block')));
    expect(audits.map((r) => r.entityId).sort()).toEqual([a.id, b.id].sort());

    const unblocked = await bulk({ ids: [a.id, c.id], action: 'unblock' });
    expect(unblocked.json()).toEqual({ message: '2 products unblocked', changed: 2 });
    const again = await bulk({ ids: [a.id], action: 'unblock' });
    expect(again.json()).toEqual({ message: '0 products unblocked', changed: 0 });
    await bulk({ ids: [b.id], action: 'unblock' });
  });

  it('refuses bulk actions from visitors and customers, and bad bodies with a 400, changing nothing', async () => {
    const ids = [seeded[0].id];
    expect(
      (await t.request({ method: 'PUT', url: '/api/products/bulk-block', payload: { ids, action: 'block' } }))
        .statusCode,
    ).toBe(401);
    expect((await bulk({ ids, action: 'block' }, customer.token)).statusCode).toBe(403);
    const bad = [
      { ids: ['not-a-uuid'], action: 'block' },
      { ids: [], action: 'block' },
      { ids: Array.from({ length: 101 }, () => MISSING), action: 'block' },
      { ids, action: 'toggle' },
      { ids, action: 'block', isBlocked: true },
      { ids: 'all', action: 'block' },
      {},
    ];
    for (const payload of bad) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, seeded[0].id));
    expect(row.isBlocked).toBe(false);
    expect((await get('/api/products/export', customer.token)).statusCode).toBe(403);
  });

  it('exports the searched products as CSV for Excel: BOM, header, rupees, India time, formulas defused', async () => {
    const offer = await createOffer(t, { discount: 10 });
    const odd = await createCategory(t, { name: '@Risky' });
    await createProduct(t, {
      name: '=HYPERLINK("x"),Csvly',
      sku: 'CSV-0001',
      brand: '+91 Bags',
      size: '-1 cm, "big"',
      categoryId: odd.id,
      pricePaise: 100_050,
      quantity: 3,
      offerId: offer.id,
      createdAt: new Date('2026-11-24T20:00:00.000Z'),
    });
    await createProduct(t, { name: 'Plain Csvly', brand: 'Safari', pricePaise: 50_000, isBlocked: true });

    const res = await get('/api/products/export?keyword=csvly&sort=name&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.body.startsWith(BOM)).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\n');
    expect(lines).toEqual([
      'Name,SKU,Brand,Category,Colour,Size,Price (₹),Price after offer (₹),Stock,Status,Added (India time)',
      expect.stringMatching(
        /^Plain Csvly,,Safari,Cat \w+,Black,30Lx12Bx40Hcm,500\.00,500\.00,10,Blocked,\d{4}-\d\d-\d\d \d\d:\d\d$/,
      ),
      `"'=HYPERLINK(""x""),Csvly",CSV-0001,'+91 Bags,'@Risky,Black,"'-1 cm, ""big""",1000.50,900.45,3,Active,2026-11-25 01:30`,
    ]);
    // Only the search's rows; page and page size do not apply to an export.
    expect((await get('/api/products/export?keyword=sortly')).body.trimEnd().split('\n')).toHaveLength(8);
    expect((await get('/api/products/export?page=2')).statusCode).toBe(400);
  });
});
