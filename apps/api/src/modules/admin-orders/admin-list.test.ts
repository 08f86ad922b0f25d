import { ORDER_SORTS, SORT_DIRECTIONS } from '@bagshop/shared/schemas/admin-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortedIds } from '../../../test/list-order.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

interface Seeded {
  id: string;
  orderNumber: string;
  customer: string;
  total: number;
  createdAt: Date;
}

function reference(rows: Seeded[], sort: (typeof ORDER_SORTS)[number], dir: 'asc' | 'desc'): string[] {
  const key = (r: Seeded): string | number => {
    if (sort === 'orderId') return r.orderNumber;
    if (sort === 'customer') return r.customer.toLowerCase();
    if (sort === 'total') return r.total;
    return r.createdAt.getTime();
  };
  return sortedIds(rows, key, dir);
}

describe('admin order list: sizes, sorting, CSV', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  const seeded: Seeded[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    const people = [
      await createUser(t, { name: 'banu Rao', email: 'banu@example.com' }),
      await createUser(t, { name: 'Asha Rao', email: 'asha@example.com' }),
      await createUser(t, { name: '=cmd|calc', email: 'odd@example.com' }),
    ];
    customer = people[0];
    const names = ['banu Rao', 'Asha Rao', '=cmd|calc'];
    const start = Date.parse('2026-11-10T12:00:00.000Z');
    const prices = [149_900, 49_900, 99_900, 149_900, 259_900, 49_900, 19_900];
    for (const [i, price] of prices.entries()) {
      const createdAt = new Date(start + ((i * 5) % 7) * 86_400_000);
      const who = i % 3;
      const { order } = await insertOrder(t, people[who].id, {
        lines: [{ pricePaise: price, qty: 1 + (i % 2), status: i === 4 ? 'Delivered' : 'Pending' }],
        order: { createdAt },
      });
      seeded.push({
        id: order.id,
        orderNumber: order.orderNumber,
        customer: names[who],
        total: order.finalPaise,
        createdAt,
      });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });

  it('sorts by every listed column in both directions, as a JavaScript sort of the same rows does', async () => {
    for (const sort of ORDER_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`/api/orders/admin/orders?limit=25&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        expect(
          res.json().orders.map((o: { _id: string }) => o._id),
          `${sort} ${dir}`,
        ).toEqual(reference(seeded, sort, dir));
      }
    }
  });

  it('pages by the chosen size, keeps the status filter, and refuses other sizes and columns', async () => {
    const page2 = await get('/api/orders/admin/orders?sort=total&dir=asc&page=2');
    expect(page2.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(page2.json().orders.map((o: { _id: string }) => o._id)).toEqual(reference(seeded, 'total', 'asc').slice(6));
    const delivered = await get('/api/orders/admin/orders?status=Delivered&limit=50');
    expect(delivered.json().orders.map((o: { _id: string }) => o._id)).toEqual([seeded[4].id]);
    for (const query of ['limit=12', 'limit=6.5', 'sort=finalPaise', 'sort=userId', 'dir=1']) {
      const res = await get(`/api/orders/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await get('/api/orders/admin/orders?limit=25', customer.token)).statusCode).toBe(403);
  });

  it('exports the filtered orders as CSV for Excel: BOM, header, rupees, India time, formulas defused', async () => {
    const res = await get('/api/orders/admin/orders/export?searchTerm=calc&sort=createdAt&dir=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\n');
    const expected = seeded
      .filter((s) => s.customer === '=cmd|calc')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(lines[0]).toBe(
      'Order,Date (India time),Customer,Email,Items,Payment method,Payment status,Status,Total (₹)',
    );
    expect(lines.slice(1)).toEqual(
      expected.map((s) => {
        const india = new Date(s.createdAt.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
        const items = seeded.indexOf(s) % 2 === 0 ? 1 : 2;
        return `${s.orderNumber},${india},'=cmd|calc,odd@example.com,${items},Wallet,Paid,Pending,${(s.total / 100).toFixed(2)}`;
      }),
    );
    expect(lines[1]).toContain(',2026-11-13 17:30,');

    const delivered = await get('/api/orders/admin/orders/export?status=Delivered');
    expect(delivered.body.trimEnd().split('\n')).toHaveLength(2);
    expect((await get('/api/orders/admin/orders/export?limit=6')).statusCode).toBe(400);
    expect((await get('/api/orders/admin/orders/export', customer.token)).statusCode).toBe(403);
  });
});
