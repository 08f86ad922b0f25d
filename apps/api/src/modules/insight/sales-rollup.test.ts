import crypto from 'node:crypto';
import { bucketKeyOf, type InsightQuery, insightPeriod, shopDate } from '@bagshop/shared/insight';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import { asPaise, toRupees } from '@bagshop/shared/pricing/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { shipItems } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { salesRollup, salesRollupProducts } from '../../db/schema/sales-rollup.ts';
import { createRazorpayProvider } from '../../platform/payments/razorpay.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from '../orders/order-fixtures.ts';
import { getSalesReport, rebuildSalesRollup } from './service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ORDERS = 50;
const WEBHOOK_SECRET = 'whsec_rollup';
const paise = (rupees: number) => Math.round(rupees * 100);

/** A small seeded generator (mulberry32): the same orders on every run, different ones per seed. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { chance: (p: number) => next() < p, int, pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)] };
}

/**
 * Random orders go through the real checkout, payments and order desk (wallet, card through the fake Razorpay, cash
 * on delivery), paid at random hours over the last six weeks, with items cancelled before and after payment and
 * returned. Then the dashboard and the report on screen, read from the rollup the transactions kept, must equal the
 * figures worked out from every order (the downloads' computation), for every period; and the migration's backfill
 * must rebuild the same rollup.
 */
describe('the sales rollup agrees with the orders', () => {
  const SEED = 20261124;
  const rnd = randomSource(SEED);
  const realNow = Date.now();
  let fake: FakeRazorpay;
  let t: TestApp;
  let admin: TestUser;
  const shoppers: Shopper[] = [];
  const bags: { id: string; pricePaise: number }[] = [];
  const categoryIds = new Map<string, string>();
  const couponCodes = ['TAKE5', 'TAKE12', 'FLAT15'];
  const tally = { orders: 0, paid: 0, cancelled: 0, returned: 0, card: 0, cod: 0, coupons: 0 };

  const call = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.request({ method, url, token, payload });
    return res;
  };
  const ok = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await call(token, method, url, payload);
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res;
  };
  const adminMove = (id: string, item: string, status: string) =>
    ok(admin.token, 'PUT', '/api/orders/save-item-status', { id, item, status });
  const cancel = (s: Shopper, orderId: string, item: string) =>
    ok(s.token, 'PUT', '/api/orders/cancel', { orderId, item, cancelReason: 'Changed my mind' });
  const returnItem = async (s: Shopper, orderId: string, item: string) => {
    await shipItems(t, admin.token, orderId, [item]);
    await adminMove(orderId, item, 'Delivered');
    await ok(s.token, 'POST', '/api/orders/return-request', { orderId, item, returnReason: 'Not as shown' });
    await adminMove(orderId, item, 'Returned');
  };
  const payByCard = async (payment: { id: string; amount: number }) => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: `pay_${crypto.randomBytes(6).toString('hex')}`, order_id: payment.id, amount: payment.amount },
        },
      },
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(res.json().outcome, res.body).toBe('paid');
  };
  /** The shop's clock for what follows (only Date: timers and the database run as usual). */
  const at = (time: number) => vi.setSystemTime(new Date(Math.min(time, realNow)));

  /** One random order and what happens to it afterwards. */
  async function tradeOnce() {
    const s = rnd.pick(shoppers);
    const placedAt = rnd.chance(0.2) ? realNow - rnd.int(0, 20) * HOUR : realNow - rnd.int(0, 42 * 24) * HOUR;
    at(placedAt - rnd.int(0, 59) * 60_000);
    let method = rnd.pick(['wallet', 'wallet', 'razorpay', 'cod'] as const);
    const lineCount = method === 'cod' ? 1 : rnd.int(1, 3);
    const picked = new Set<number>();
    while (picked.size < lineCount) picked.add(method === 'cod' ? rnd.int(0, 1) : rnd.int(0, bags.length - 1));
    await putInCart(
      t,
      s.id,
      [...picked].map((i) => ({ productId: bags[i].id, qty: method === 'cod' ? 1 : rnd.int(1, 3) })),
    );
    if (rnd.chance(0.4)) {
      const applied = await call(s.token, 'POST', '/api/user/applyCoupon', { code: rnd.pick(couponCodes) });
      if (applied.statusCode === 200) tally.coupons += 1;
    }
    let placed = await call(s.token, 'POST', '/api/orders', { addressId: s.addressId, paymentMethod: method });
    if (placed.statusCode !== 201 && method === 'cod') {
      method = 'wallet';
      placed = await call(s.token, 'POST', '/api/orders', { addressId: s.addressId, paymentMethod: method });
    }
    expect(placed.statusCode, placed.body).toBe(201);
    tally.orders += 1;
    const { order, payment } = placed.json() as PlaceOrderResponse & { payment?: { id: string; amount: number } };
    const items = order.items.map((i) => i._id);
    const gone = new Set<string>();
    const later = (hours: number) => at(placedAt + hours * HOUR);

    // Before payment: a card or cash order may lose an item (never its last).
    if (method !== 'wallet' && items.length > 1 && rnd.chance(0.5)) {
      const item = rnd.pick(items);
      await cancel(s, order._id, item);
      gone.add(item);
      tally.cancelled += 1;
    }
    if (method === 'razorpay') {
      if (!payment || rnd.chance(0.15)) return; // never paid: not a sale
      later(0.2);
      await payByCard(payment);
      tally.card += 1;
    }
    if (method === 'cod') {
      if (rnd.chance(0.2)) return; // not delivered yet: not paid
      await ok(s.token, 'POST', '/api/orders/confirm-cod', { orderId: order._id });
      later(rnd.int(1, 30));
      await shipItems(t, admin.token, order._id);
      for (const item of items.filter((i) => !gone.has(i))) await adminMove(order._id, item, 'Delivered');
      tally.cod += 1;
    }
    tally.paid += 1;
    // After payment: items cancelled (still pending) or returned, sometimes all of them.
    for (const item of items.filter((i) => !gone.has(i))) {
      const roll = rnd.int(0, 9);
      later(rnd.int(1, 60));
      if (roll < 2 && method !== 'cod') {
        await cancel(s, order._id, item);
        tally.cancelled += 1;
      } else if (roll < 4) {
        if (method === 'cod')
          await ok(s.token, 'POST', '/api/orders/return-request', {
            orderId: order._id,
            item,
            returnReason: 'Not as shown',
          }).then(() => adminMove(order._id, item, 'Returned'));
        else await returnItem(s, order._id, item);
        tally.returned += 1;
      }
    }
  }

  beforeAll(async () => {
    fake = await startFakeRazorpay('rzp_test_rollup', 'rollup_secret');
    const payments = createRazorpayProvider({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    // A few shoppers trade hundreds of times: the per-shopper order limits are out of the way.
    t = await createTestApp({ COD_OPEN_LIMIT: '1000000', ORDER_RATE_LIMIT: '1000000' }, { payments });
    admin = await createUser(t, { isAdmin: true, name: 'Owner' });
    for (let i = 0; i < 6; i++) {
      const s = await createShopper(t);
      await fundWallet(t, s.id, paise(1_000_000));
      shoppers.push(s);
    }
    const offer = await createOffer(t, { discount: 15 });
    for (const name of ['Totes', 'Backpacks', 'Wallets']) categoryIds.set(name, (await createCategory(t, { name })).id);
    const catalogue: [string, string, string, number, boolean][] = [
      ['Coin Pouch', 'Baggit', 'Wallets', 29_900, false],
      ['Card Sleeve', 'Lavie', 'Wallets', 44_900, true],
      ['Market Tote', 'Baggit', 'Totes', 79_900, false],
      ['Office Tote', 'Caprese', 'Totes', 129_900, true],
      ['Day Pack', 'Wildcraft', 'Backpacks', 249_900, false],
      ['Trek Pack', 'Wildcraft', 'Backpacks', 399_900, true],
      ['Laptop Pack', 'Skybags', 'Backpacks', 333_300, false],
    ];
    for (const [name, brand, category, pricePaise, onOffer] of catalogue) {
      const bag = await createProduct(t, {
        name,
        brand,
        pricePaise,
        quantity: 10_000,
        categoryId: categoryIds.get(category),
        ...(onOffer ? { offerId: offer.id } : {}),
      });
      bags.push({ id: bag.id, pricePaise });
    }
    await t.database.db.insert(coupons).values(
      couponCodes.map((code, i) => ({
        code,
        name: code,
        description: 'A coupon',
        activation: new Date(realNow - 60 * DAY),
        expiry: new Date(realNow + DAY),
        discount: [5, 12, 15][i],
        minAmountPaise: asPaise(50_000),
        maxAmountPaise: asPaise([10_000, 33_333, 99_900][i]),
        usageLimit: 100,
      })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let n = 0; n < ORDERS; n++) await tradeOnce();
    } finally {
      vi.useRealTimers();
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.request({ method: 'GET', url, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const today = shopDate(new Date());
  const dayBefore = (days: number) => shopDate(new Date(Date.now() - days * DAY));
  const periods: InsightQuery[] = [
    { filter: 'daily' },
    { filter: 'weekly' },
    { filter: 'monthly' },
    { filter: 'yearly' },
    { filter: 'custom', startDate: dayBefore(45), endDate: today },
    { filter: 'custom', startDate: dayBefore(20), endDate: dayBefore(3) },
    { filter: 'custom', startDate: dayBefore(400), endDate: dayBefore(8) },
  ];
  const queryOf = (q: InsightQuery) => new URLSearchParams(q as Record<string, string>).toString();

  /** The dashboard the old way: from the report of every order, bucketed and ranked here. */
  function dashboardOracle(q: InsightQuery, full: SalesReportDto) {
    const period = insightPeriod(q);
    const points = new Map<string, { sales: number; orders: number }>();
    for (const o of full.orders) {
      const key = bucketKeyOf(new Date(o.paidAt), period.bucket);
      const point = points.get(key) ?? { sales: 0, orders: 0 };
      points.set(key, { sales: point.sales + paise(o.net), orders: point.orders + 1 });
    }
    const top = (keyOf: (p: SalesReportDto['products'][number]) => [string, string]) => {
      const totals = new Map<string, { id: string; name: string; units: number; revenue: number }>();
      for (const p of full.products) {
        const [id, name] = keyOf(p);
        const row = totals.get(id) ?? { id, name, units: 0, revenue: 0 };
        totals.set(id, { ...row, units: row.units + p.units, revenue: row.revenue + paise(p.net) });
      }
      return [...totals.values()]
        .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.name.localeCompare(b.name))
        .slice(0, 5)
        .map((r) => ({ ...r, revenue: toRupees(asPaise(r.revenue)) }));
    };
    const salesPaise = paise(full.totals.net);
    return {
      cards: {
        sales: full.totals.net,
        orders: full.totals.orders,
        itemsSold: full.totals.units,
        averageOrderValue:
          full.totals.orders === 0 ? 0 : toRupees(asPaise(Math.round(salesPaise / full.totals.orders))),
      },
      points,
      topProducts: top((p) => [p.productId, p.name]),
      topCategories: top((p) => [categoryIds.get(p.category) ?? '', p.category]),
      topBrands: top((p) => [p.brand, p.brand]),
    };
  }

  async function screens() {
    const answers: unknown[] = [];
    for (const q of periods) {
      const dash = await get<DashboardDto>(`/api/user/admin/dashboard?${queryOf(q)}`);
      const page1 = await get<SalesReportDto>(`/api/user/admin/sales-report?${queryOf(q)}`);
      const page2 = await get<SalesReportDto>(`/api/user/admin/sales-report?${queryOf(q)}&page=2`);
      answers.push(dash, page1, page2);
    }
    return answers;
  }

  it('made a trade worth checking: every payment method, coupons, cancellations and returns', () => {
    expect(tally.orders).toBe(ORDERS);
    expect(tally.card).toBeGreaterThan(2);
    expect(tally.cod).toBeGreaterThan(2);
    expect(tally.coupons).toBeGreaterThan(2);
    expect(tally.cancelled).toBeGreaterThan(2);
    expect(tally.returned).toBeGreaterThan(2);
  });

  it('paid on many different days and hours, as the shop clock ran', async () => {
    const rows = await t.database.db.select().from(salesRollup);
    const days = rows.filter((r) => r.grain === 'day' && r.orders > 0);
    expect(days.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.grain === 'month' && r.orders > 0).length).toBeGreaterThan(1);
  });

  it('the report on screen equals the report worked out from every order, for every period and page', async () => {
    let listed = 0;
    for (const q of periods) {
      const full = await getSalesReport(t.database.db, q);
      listed += full.orders.length;
      for (const page of [1, 2, 3]) {
        const screen = await get<SalesReportDto>(`/api/user/admin/sales-report?${queryOf(q)}&page=${page}`);
        expect(screen.period).toEqual(full.period);
        expect(screen.totals, `${queryOf(q)} totals`).toEqual(full.totals);
        expect(screen.products, `${queryOf(q)} products`).toEqual(full.products);
        expect(screen.orders).toEqual(full.orders.slice((page - 1) * 20, page * 20));
        expect(screen.orderPage).toEqual({
          page,
          pages: Math.max(1, Math.ceil(full.orders.length / 20)),
          total: full.orders.length,
        });
      }
    }
    expect(listed).toBeGreaterThan(ORDERS);
  });

  it('the dashboard equals the figures worked out from every order, for every period', async () => {
    for (const q of periods) {
      const full = await getSalesReport(t.database.db, q);
      const expected = dashboardOracle(q, full);
      const dash = await get<DashboardDto>(`/api/user/admin/dashboard?${queryOf(q)}`);
      expect(dash.cards, queryOf(q)).toMatchObject(expected.cards);
      for (const point of dash.salesOverTime) {
        const want = expected.points.get(point.key) ?? { sales: 0, orders: 0 };
        expect([point.key, paise(point.sales), point.orders]).toEqual([point.key, want.sales, want.orders]);
      }
      const charted = dash.salesOverTime.reduce((sum, p) => sum + p.orders, 0);
      expect(charted).toBe(full.totals.orders);
      expect(dash.topProducts).toEqual(expected.topProducts);
      expect(dash.topCategories).toEqual(expected.topCategories);
      expect(dash.topBrands).toEqual(expected.topBrands);
    }
  });

  it("the migration's backfill rebuilds the same rollup the order transactions wrote", async () => {
    const before = await screens();
    const totalsBefore = await t.database.db.select().from(salesRollup);
    const productsBefore = await t.database.db.select().from(salesRollupProducts);
    await rebuildSalesRollup(t.database.db);
    expect(await screens()).toEqual(before);
    const live = <T extends { units: number }>(rows: T[]) => rows.filter((r) => r.units !== 0);
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    const keyed = <T extends object>(rows: T[], key: (r: T) => string) =>
      rows.map((r) => ({ key: key(r), ...r })).sort(byKey);
    expect(keyed(live(await t.database.db.select().from(salesRollup)), (r) => `${r.grain} ${r.startsAt}`)).toEqual(
      keyed(live(totalsBefore), (r) => `${r.grain} ${r.startsAt}`),
    );
    const productKey = (r: typeof salesRollupProducts.$inferSelect) => `${r.grain} ${r.startsOn} ${r.productId}`;
    expect(keyed(live(await t.database.db.select().from(salesRollupProducts)), productKey)).toEqual(
      keyed(live(productsBefore), productKey),
    );
  });
});
