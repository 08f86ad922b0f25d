import { asPaise } from '@bagshop/shared/pricing/money';
import { SORT_DIRECTIONS, WALLET_SORTS } from '@bagshop/shared/schemas/admin-lists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { credit, debit } from './service.ts';
import { checkedBalance } from './wallet-test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let meena: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  shopper = await createUser(t, { name: 'Ravi Kumar' });
  meena = await createUser(t, { name: 'Meena Iyer', email: 'meena-wallet@example.com' });
  const { db } = t.database;
  // Seven movements for Ravi (one page of six plus one) and one for Meena, each in its own transaction so the order is fixed.
  for (let i = 0; i < 7; i++) {
    await db.transaction((tx) =>
      credit(tx, {
        userId: shopper.id,
        amountPaise: asPaise(1_000 * (i + 1)),
        type: 'Credit',
        description: `Credit ${i + 1}`,
      }),
    );
  }
  await db.transaction((tx) =>
    debit(tx, { userId: shopper.id, amountPaise: asPaise(500), type: 'Debited', description: 'Paid' }),
  );
  await db.transaction((tx) =>
    credit(tx, {
      userId: meena.id,
      amountPaise: asPaise(15_000),
      type: 'Referral Bonus',
      description: 'Referral Bonus',
    }),
  );
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.request({ method: 'GET', url: `/api/wallet${url}`, token: user?.token });

describe('GET /api/wallet/admin/wallets', () => {
  it('lists every ledger row newest first, six a page, with the user and linked order', async () => {
    const first = await get('/admin/wallets', admin);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 9, page: 1, pages: 2 });
    expect(body.transactions).toHaveLength(6);
    expect(body.transactions[0]).toEqual({
      transactionId: expect.any(String),
      amount: 150,
      description: 'Referral Bonus',
      createdAt: expect.any(String),
      transactionType: 'Referral Bonus',
      orderButton: null,
      user: { name: 'Meena Iyer', email: 'meena-wallet@example.com' },
    });
    expect(body.transactions[1]).toMatchObject({
      amount: -5,
      transactionType: 'Debited',
      user: { name: 'Ravi Kumar' },
    });
    const times = body.transactions.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = (await get('/admin/wallets?page=2', admin)).json();
    expect(second).toMatchObject({ total: 9, page: 2, pages: 2 });
    expect(second.transactions).toHaveLength(3);
    const ids = new Set([...body.transactions, ...second.transactions].map((r) => r.transactionId));
    expect(ids.size).toBe(9);
    expect(await checkedBalance(t, shopper.id)).toBe(27_500);
    expect(await checkedBalance(t, meena.id)).toBe(15_000);
  });

  it('filters by user name, email or description', async () => {
    const byName = (await get('/admin/wallets?keyword=meena', admin)).json();
    expect(byName).toMatchObject({ total: 1, pages: 1 });
    expect(byName.transactions[0].user.name).toBe('Meena Iyer');
    expect((await get('/admin/wallets?keyword=Credit%207', admin)).json().total).toBe(1);
    expect((await get('/admin/wallets?keyword=%25', admin)).json().total).toBe(0);
  });

  it('sorts by date, customer and signed amount both ways ending with the id, pages by size, refuses others', async () => {
    // A lower-case name sorts among the others whatever its case; its amount ties with Ravi's first credit.
    const anil = await createUser(t, { name: 'anil Shah' });
    await t.database.db.transaction((tx) =>
      credit(tx, { userId: anil.id, amountPaise: asPaise(1_000), type: 'Credit', description: 'Goodwill' }),
    );
    const rows = await t.database.db
      .select({
        id: walletTransactions.id,
        amountPaise: walletTransactions.amountPaise,
        createdAt: walletTransactions.createdAt,
        name: users.name,
      })
      .from(walletTransactions)
      .innerJoin(users, eq(users.id, walletTransactions.userId));
    type Row = (typeof rows)[number];
    const keys = {
      createdAt: (r: Row) => r.createdAt.getTime(),
      customer: (r: Row) => r.name.toLowerCase(),
      amount: (r: Row) => r.amountPaise,
    };
    const ids = (res: { json: () => { transactions: { transactionId: string }[] } }) =>
      res.json().transactions.map((r) => r.transactionId);
    for (const sort of WALLET_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`/admin/wallets?limit=25&sort=${sort}&dir=${dir}`, admin);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        expect(ids(res), `${sort} ${dir}`).toEqual(sortedIds(rows, keys[sort], dir));
      }
    }
    const page2 = await get('/admin/wallets?sort=amount&dir=asc&page=2', admin);
    expect(page2.json()).toMatchObject({ total: 10, page: 2, pages: 2 });
    expect(ids(page2)).toEqual(sortedIds(rows, keys.amount, 'asc').slice(6));
    expect((await get('/admin/wallets?limit=100', admin)).json().transactions).toHaveLength(10);
    for (const query of ['limit=9', 'limit=1000', 'sort=balance', 'sort=description', 'dir=ascending']) {
      const res = await get(`/admin/wallets?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('is for administrators only', async () => {
    expect((await get('/admin/wallets')).statusCode).toBe(401);
    expect((await get('/admin/wallets', shopper)).statusCode).toBe(403);
  });
});

describe('GET /api/wallet/admin/wallets/edit/:transactionId', () => {
  it('answers one transaction, or 404 Transaction not found', async () => {
    const [row] = await t.database.db.select().from(walletTransactions).limit(1);
    const res = await get(`/admin/wallets/edit/${row.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction).toMatchObject({ transactionId: row.id, description: row.description });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await get(`/admin/wallets/edit/${id}`, admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Transaction not found', code: 'NOT_FOUND' });
    }
    expect((await get(`/admin/wallets/edit/${row.id}`)).statusCode).toBe(401);
    expect((await get(`/admin/wallets/edit/${row.id}`, shopper)).statusCode).toBe(403);
  });
});
