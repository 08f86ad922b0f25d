import type { DashboardDto } from '@bagshop/shared/insight-types';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import type { StockLedgerDto } from '@bagshop/shared/schemas/stock';
import { ADJUSTMENT_REASONS, LEDGER_PAGE_SIZE, STOCK_MSG } from '@bagshop/shared/stock';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { stockMovements } from '../../db/schema/stock.ts';
import { deliverDueMail, type MailWorkerDeps } from '../mail-outbox/worker.ts';
import { createShopper, fundWallet, type Shopper, stockOf } from '../orders/order-fixtures.ts';
import { recordImportedStock } from './service.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('the stock ledger', () => {
  let t: TestApp;
  let admin: TestUser;
  let secondAdmin: TestUser;
  let mailDeps: MailWorkerDeps;
  /** Shoppers with an address and a full wallet, each placing at most one order at a time. */
  const shoppers: Shopper[] = [];

  beforeAll(async () => {
    // The shoppers place many orders within ten minutes here.
    t = await createTestApp({ ORDER_RATE_LIMIT: '100000' }, { poolSize: 8 });
    admin = await createUser(t, { isAdmin: true, name: 'Meera Iyer' });
    secondAdmin = await createUser(t, { isAdmin: true, name: 'Kabir Shah' });
    mailDeps = testMailWorkerDeps(t, 'https://shop.example.in');
    for (let i = 0; i < 6; i++) {
      const shopper = await createShopper(t);
      await fundWallet(t, shopper.id, 50_000_000);
      shoppers.push(shopper);
    }
  });
  afterAll(() => t.close());

  const adjust = (productId: string, body: Record<string, unknown>, token = admin.token) =>
    t.request({ method: 'POST', url: `/api/admin/products/${productId}/stock-adjustments`, token, payload: body });
  const ledgerOf = async (productId: string, page = 1) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/products/${productId}/stock-ledger?page=${page}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StockLedgerDto;
  };
  const ledgerRows = (productId: string) =>
    t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
  /** Every row says after = before + delta (a check constraint) and the rows add up to the stock. */
  const expectLedgerAddsUp = async (productId: string) => {
    const rows = await ledgerRows(productId);
    expect(rows.filter((r) => r.reason === 'opening' || r.reason === 'import')[0]?.before).toBe(0);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(await stockOf(t, productId));
    return rows;
  };
  const order = async (shopper: Shopper, productId: string, qty: number) => {
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
    await t.database.db.insert(cartItems).values({ userId: shopper.id, productId, qty });
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: shopper.addressId, paymentMethod: 'wallet' },
    });
    // Placed, or refused for want of stock; never a failure of the shop.
    expect([201, 409], res.body).toContain(res.statusCode);
    return res.statusCode === 201 ? (res.json() as PlaceOrderResponse).order : null;
  };
  const cancel = (shopper: Shopper, orderId: string, itemId: string) =>
    t.request({
      method: 'PUT',
      url: '/api/orders/cancel',
      token: shopper.token,
      payload: { orderId, item: itemId, cancelReason: 'Changed my mind' },
    });
  const lowStockMails = (email: string, name: string) =>
    t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === `Low stock: ${name}`);

  it('starts a product with its opening row and writes a row, with who and the order, for a sale and a cancel', async () => {
    const bag = await createProduct(t, { quantity: 8 });
    const shopper = shoppers[0];
    const placed = await order(shopper, bag.id, 2);
    expect(placed).not.toBeNull();
    const itemId = placed?.items[0]._id as string;
    expect((await cancel(shopper, placed?._id as string, itemId)).statusCode).toBe(200);
    const ledger = await ledgerOf(bag.id);
    expect(ledger).toMatchObject({ stock: 8, threshold: 3, total: 3, page: 1, pages: 1 });
    expect(ledger.rows.map((r) => [r.reason, r.delta, r.before, r.after])).toEqual([
      ['cancellation', 2, 6, 8],
      ['sale', -2, 8, 6],
      ['opening', 8, 0, 8],
    ]);
    expect(ledger.rows[0]).toMatchObject({ by: 'Asha Rao', orderNumber: placed?.orderId });
    expect(ledger.rows[2]).toMatchObject({ by: null, orderNumber: null });
    await expectLedgerAddsUp(bag.id);
  });

  it('adjusts the stock by hand with a reason and a note, and refuses what would take it below 0', async () => {
    const bag = await createProduct(t, { quantity: 5 });
    const received = await adjust(bag.id, { delta: 4, reason: 'received', note: ' Delivery from Kanpur ' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toEqual({ message: STOCK_MSG.adjusted, stock: 9, threshold: 3 });
    const belowZero = await adjust(bag.id, { delta: -10, reason: 'damaged' });
    expect(belowZero.statusCode).toBe(400);
    expect(belowZero.json()).toMatchObject({
      message: STOCK_MSG.belowZero(9),
      fields: { delta: STOCK_MSG.belowZero(9) },
    });
    const ledger = await ledgerOf(bag.id);
    expect(ledger.stock).toBe(9);
    expect(ledger.rows[0]).toMatchObject({
      reason: 'received',
      delta: 4,
      before: 5,
      after: 9,
      by: 'Meera Iyer',
      note: 'Delivery from Kanpur',
    });
    expect(ledger.total).toBe(2);
  });

  it('answers bad adjustments with a clear 400, another product with a 404 and a shopper with a 403', async () => {
    const bag = await createProduct(t, { quantity: 5 });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ delta: 0, reason: 'count' }, STOCK_MSG.deltaInvalid],
      [{ delta: 1.5, reason: 'count' }, STOCK_MSG.deltaInvalid],
      [{ delta: 100_001, reason: 'received' }, STOCK_MSG.deltaInvalid],
      [{ delta: 1, reason: 'sale' }, STOCK_MSG.reasonRequired],
      [{ delta: 1 }, STOCK_MSG.reasonRequired],
      [{ delta: 1, reason: 'other', note: 'x'.repeat(201) }, STOCK_MSG.noteMax],
    ];
    for (const [body, message] of bad) {
      const res = await adjust(bag.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await adjust(bag.id, { delta: 1, reason: 'other', extra: true })).statusCode).toBe(400);
    expect((await adjust(MISSING, { delta: 1, reason: 'other' })).statusCode).toBe(404);
    expect((await adjust('not-an-id', { delta: 1, reason: 'other' })).statusCode).toBe(404);
    expect((await adjust(bag.id, { delta: 1, reason: 'other' }, shoppers[0].token)).statusCode).toBe(403);
    const ledger = await t.request({
      method: 'GET',
      url: `/api/admin/products/${bag.id}/stock-ledger`,
      token: shoppers[0].token,
    });
    expect(ledger.statusCode).toBe(403);
    expect(await ledgerRows(bag.id)).toHaveLength(1);
    expect(await stockOf(t, bag.id)).toBe(5);
  });

  it('pages the ledger newest first', async () => {
    const bag = await createProduct(t, { quantity: 50 });
    for (let i = 1; i <= LEDGER_PAGE_SIZE + 2; i++) {
      expect((await adjust(bag.id, { delta: -1, reason: 'count', note: `Count ${i}` })).statusCode).toBe(200);
    }
    const first = await ledgerOf(bag.id);
    expect(first).toMatchObject({ total: LEDGER_PAGE_SIZE + 3, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.rows[0].note).toBe(`Count ${LEDGER_PAGE_SIZE + 2}`);
    const second = await ledgerOf(bag.id, 2);
    expect(second.rows.map((r) => r.reason)).toEqual(['count', 'count', 'opening']);
  });

  it('never loses a unit to parallel adjustments and orders of the same product', async () => {
    const bag = await createProduct(t, { quantity: 20, lowStockAt: 0 });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => adjust(bag.id, { delta: -1, reason: 'damaged' })),
      ...shoppers.slice(0, 5).map((shopper) => order(shopper, bag.id, 1)),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(0);
    expect(await stockOf(t, bag.id)).toBe(5);
    const rows = await expectLedgerAddsUp(bag.id);
    expect(rows).toHaveLength(16);
    // Each change started from the stock the one before it left: the befores are 20 down to 6, each once.
    expect(
      rows
        .filter((r) => r.reason !== 'opening')
        .map((r) => r.before)
        .sort((a, b) => b - a),
    ).toEqual(Array.from({ length: 15 }, (_, i) => 20 - i));
  });

  it('imports a stock as an import row for the difference, or an opening row for a new product', async () => {
    const bag = await createProduct(t, { quantity: 7 });
    await t.database.db.transaction((tx) =>
      recordImportedStock(tx, { productId: bag.id, quantity: 12, actorId: admin.id, isNew: false }),
    );
    const ledger = await ledgerOf(bag.id);
    expect(ledger.rows[0]).toMatchObject({ reason: 'import', delta: 5, before: 7, after: 12, by: 'Meera Iyer' });
    await expectLedgerAddsUp(bag.id);
  });

  it('low-stock mail once per crossing: to every administrator, again only after the stock rose above', async () => {
    const bag = await createProduct(t, { name: 'Crossing Tote', quantity: 6 });
    const mailsNow = async () => {
      await deliverDueMail(mailDeps, new Date(Date.now() + 1));
      return [lowStockMails(admin.email, bag.name).length, lowStockMails(secondAdmin.email, bag.name).length];
    };
    expect((await adjust(bag.id, { delta: -2, reason: 'damaged' })).json().stock).toBe(4);
    expect(await mailsNow()).toEqual([0, 0]);
    const placed = await order(shoppers[1], bag.id, 1);
    expect(await stockOf(t, bag.id)).toBe(3);
    expect(await mailsNow()).toEqual([1, 1]);
    const [mail] = lowStockMails(admin.email, bag.name);
    expect(mail.text).toContain('Crossing Tote has 3 units left; its low-stock threshold is 3.');
    expect(mail.text).toContain(`https://shop.example.in/admin/products/edit/${bag.id}`);
    expect((await adjust(bag.id, { delta: -1, reason: 'count' })).statusCode).toBe(200);
    expect((await cancel(shoppers[1], placed?._id as string, placed?.items[0]._id as string)).statusCode).toBe(200);
    expect(await mailsNow()).toEqual([1, 1]);
    const dash = await t.request({ method: 'GET', url: '/api/user/admin/dashboard', token: admin.token });
    expect((dash.json() as DashboardDto).lowStock).toContainEqual({
      _id: bag.id,
      name: bag.name,
      stock: 3,
      threshold: 3,
    });
    expect((await adjust(bag.id, { delta: 5, reason: 'received' })).json().stock).toBe(8);
    expect(await mailsNow()).toEqual([1, 1]);
    const after = await t.request({ method: 'GET', url: '/api/user/admin/dashboard', token: admin.token });
    expect((after.json() as DashboardDto).lowStock.map((p) => p._id)).not.toContain(bag.id);
    // Parallel changes that cross together: one of them crosses, and only it mails.
    await Promise.all(Array.from({ length: 6 }, () => adjust(bag.id, { delta: -1, reason: 'damaged' })));
    expect(await stockOf(t, bag.id)).toBe(2);
    expect(await mailsNow()).toEqual([2, 2]);
  });

  it('a new threshold above the stock ends the low spell; a product form edit of the stock is a count row', async () => {
    const bag = await createProduct(t, { name: 'Threshold Sling', quantity: 4 });
    const set = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${bag.id}/low-stock`,
      token: admin.token,
      payload: { threshold: 1 },
    });
    expect(set.json()).toEqual({ message: STOCK_MSG.thresholdSaved, stock: 4, threshold: 1 });
    const refused = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${bag.id}/low-stock`,
      token: admin.token,
      payload: { threshold: -1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STOCK_MSG.thresholdInvalid);
    expect((await adjust(bag.id, { delta: -3, reason: 'damaged' })).statusCode).toBe(200);
    await deliverDueMail(mailDeps, new Date(Date.now() + 1));
    expect(lowStockMails(admin.email, bag.name)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ alerted: products.lowStockAlerted })
      .from(products)
      .where(eq(products.id, bag.id));
    expect(row.alerted).toBe(true);
  });

  it('the ledger always adds up to the stock, over random mixes of parallel orders, cancellations, returns, imports and adjustments', async () => {
    const bags = await Promise.all([1, 2, 3].map(() => createProduct(t, { quantity: 6 })));
    const ids = bags.map((b) => b.id);
    /** Order items placed and still pending, which a later run may cancel or return. */
    const placedItems: Array<{ shopper: Shopper; orderId: string; itemId: string }> = [];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), bag: fc.nat(2), qty: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('return' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('import' as const), bag: fc.nat(2), quantity: fc.integer({ min: 0, max: 9 }) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        bag: fc.nat(2),
        delta: fc.integer({ min: -4, max: 5 }).filter((d) => d !== 0),
        reason: fc.constantFrom(...ADJUSTMENT_REASONS),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        let freeShoppers = [...shoppers];
        const picked = new Set<string>();
        const pick = (n: number) => {
          const open = placedItems.filter((p) => !picked.has(p.itemId));
          const item = open.length ? open[n % open.length] : undefined;
          if (item) picked.add(item.itemId);
          return item;
        };
        const work: Array<() => Promise<unknown>> = [];
        for (const o of ops) {
          if (o.kind === 'order') {
            const shopper = freeShoppers.pop();
            if (!shopper) continue;
            freeShoppers = freeShoppers.filter((s) => s !== shopper);
            work.push(async () => {
              const placed = await order(shopper, ids[o.bag], o.qty);
              if (placed) placedItems.push({ shopper, orderId: placed._id, itemId: placed.items[0]._id });
            });
          } else if (o.kind === 'cancel') {
            const item = pick(o.pick);
            if (item) work.push(() => cancel(item.shopper, item.orderId, item.itemId));
          } else if (o.kind === 'return') {
            const item = pick(o.pick);
            if (!item) continue;
            // Delivered (by the courier, outside this test's reach), then returned by the shopper and approved.
            await t.database.db
              .update(orderItems)
              .set({ status: 'Delivered', deliveredAt: new Date() })
              .where(eq(orderItems.id, item.itemId));
            const asked = await t.request({
              method: 'POST',
              url: '/api/orders/return-request',
              token: item.shopper.token,
              payload: { orderId: item.orderId, item: item.itemId, returnReason: 'Too small' },
            });
            expect(asked.statusCode, asked.body).toBe(200);
            work.push(() =>
              t.request({
                method: 'PUT',
                url: '/api/orders/save-item-status',
                token: admin.token,
                payload: { id: item.orderId, item: item.itemId, status: 'Returned' },
              }),
            );
          } else if (o.kind === 'import') {
            work.push(() =>
              t.database.db.transaction((tx) =>
                recordImportedStock(tx, {
                  productId: ids[o.bag],
                  quantity: o.quantity,
                  actorId: admin.id,
                  isNew: false,
                }),
              ),
            );
          } else {
            work.push(() => adjust(ids[o.bag], { delta: o.delta, reason: o.reason }));
          }
        }
        const answers = await Promise.all(work.map((w) => w()));
        for (const answer of answers) {
          const reply = answer as { statusCode?: number; body?: string } | undefined;
          if (reply?.statusCode !== undefined) expect(reply.statusCode, reply.body).toBeLessThan(500);
        }
        for (const item of placedItems.filter((p) => picked.has(p.itemId))) {
          placedItems.splice(placedItems.indexOf(item), 1);
        }
        const stocks = await t.database.db
          .select({ id: products.id, quantity: products.quantity })
          .from(products)
          .where(inArray(products.id, ids));
        const sums = await t.database.db
          .select({ id: stockMovements.productId, total: sql<number>`sum(${stockMovements.delta})::int` })
          .from(stockMovements)
          .where(inArray(stockMovements.productId, ids))
          .groupBy(stockMovements.productId);
        for (const { id, quantity } of stocks) {
          expect(quantity).toBeGreaterThanOrEqual(0);
          expect(sums.find((s) => s.id === id)?.total).toBe(quantity);
        }
      }),
      { numRuns: 12 },
    );
    // The runs changed the stock many times, in every way the test makes.
    const reasons = await t.database.db
      .selectDistinct({ reason: stockMovements.reason })
      .from(stockMovements)
      .where(inArray(stockMovements.productId, ids));
    expect(reasons.length).toBeGreaterThanOrEqual(5);
  });
});
