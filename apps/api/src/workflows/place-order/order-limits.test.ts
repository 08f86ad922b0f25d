import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { DEFAULT_COD_OPEN_LIMIT, DEFAULT_ORDER_RATE_LIMIT } from '@bagshop/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { createShopper, putInCart, type Shopper, stockOf } from '../../modules/orders/order-fixtures.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';

/**
 * The audit's hole (docs/decisions/036-cod-and-order-limits.md): one new account placed 35 cash-on-delivery orders in
 * two seconds and emptied a bag nobody else could then buy.
 */
describe('limits on placing orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: createSandboxProvider('order-limits-test') });
  });
  afterAll(() => t.close());

  const place = (s: Shopper, paymentMethod = 'cod') =>
    t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod },
    });
  const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

  /**
   * 35 orders in five parallel streams, each putting the bag in the cart and ordering it, as a script would: the
   * streams race for the one cart, so some find it emptied by another stream's order (400); none may get past the
   * limits.
   */
  async function attack(app: TestApp, attacker: Shopper, bagId: string) {
    const round = async () => {
      await app.request({
        method: 'POST',
        url: '/api/products/add-to-cart',
        token: attacker.token,
        payload: { productId: bagId, qty: 1 },
      });
      return app.request({
        method: 'POST',
        url: '/api/orders',
        token: attacker.token,
        payload: { addressId: attacker.addressId, paymentMethod: 'cod' },
      });
    };
    const stream = async () => {
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push(await round());
      return answers;
    };
    const attempts = (await Promise.all(Array.from({ length: 5 }, stream))).flat();
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.every((s) => [201, 400, 409, 429].includes(s))).toBe(true);
    for (const refused of attempts.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(ORDER_MSG.tooManyOpenCodOrders(DEFAULT_COD_OPEN_LIMIT));
    }
    const placed = await app.database.db.select().from(orders).where(eq(orders.userId, attacker.id));
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length).toBeLessThanOrEqual(DEFAULT_COD_OPEN_LIMIT);
    const units = await app.database.db
      .select({ qty: orderItems.qty })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, attacker.id));
    expect(await stockOf(app, bagId)).toBe(35 - units.reduce((sum, u) => sum + u.qty, 0));
    return statuses;
  }

  it('35 parallel cash-on-delivery orders by one account: at most three are placed, the bag stays on sale', async () => {
    const attacker = await createShopper(t);
    // Cheap enough that a cart line of five, the most one line takes, stays within the cash-on-delivery ₹1,000.
    const bag = await createProduct(t, { pricePaise: 9_900, quantity: 35 });
    const statuses = await attack(t, attacker, bag.id);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35 - DEFAULT_ORDER_RATE_LIMIT);

    const shopper = await createShopper(t);
    await putInCart(t, shopper.id, [{ productId: bag.id, qty: 1 }]);
    expect((await place(shopper)).statusCode).toBe(201);
  });

  it('the open cash-on-delivery limit holds on its own, with the order rate limit out of the way', async () => {
    const roomy = await createTestApp({ ORDER_RATE_LIMIT: '1000' }, { payments: createSandboxProvider('roomy') });
    try {
      const attacker = await createShopper(roomy);
      const bag = await createProduct(roomy, { pricePaise: 9_900, quantity: 35 });
      const statuses = await attack(roomy, attacker, bag.id);
      expect(statuses).not.toContain(429);
    } finally {
      await roomy.close();
    }
  });

  it('a fourth open COD order is refused with a reason and changes nothing; one shipped makes room; cards still work', async () => {
    const s = await createShopper(t);
    const placed = [];
    for (let i = 0; i < DEFAULT_COD_OPEN_LIMIT; i += 1) {
      const bag = await createProduct(t, { pricePaise: 49_900 });
      await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
      const res = await place(s);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().order);
    }
    const bag = await createProduct(t, { pricePaise: 49_900 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const fourth = await place(s);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      code: 'CONFLICT',
      message:
        'You already have 3 cash-on-delivery orders that have not shipped yet. Wait for one to ship or cancel it, or pay by card or wallet.',
    });
    expect(await stockOf(t, bag.id)).toBe(10);
    expect(await ordersOf(s.id)).toHaveLength(DEFAULT_COD_OPEN_LIMIT);

    // Once an order's items have shipped it holds no stock unpaid.
    await t.database.db.update(orderItems).set({ status: 'Shipped' }).where(eq(orderItems.orderId, placed[0]._id));
    expect((await place(s)).statusCode).toBe(201);
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    expect((await place(s)).statusCode).toBe(409);
    expect((await place(s, 'razorpay')).statusCode).toBe(201);
  });

  it(`at most ${DEFAULT_ORDER_RATE_LIMIT} orders per account in ten minutes, then 429 with Retry-After`, async () => {
    const s = await createShopper(t);
    const bag = await createProduct(t, { pricePaise: 49_900, quantity: 50 });
    for (let i = 0; i < DEFAULT_ORDER_RATE_LIMIT; i += 1) {
      // Card orders, so the open COD limit does not come first; failed tries count as well (an empty cart here).
      if (i % 2 === 0) await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
      const res = await place(s, i % 2 === 0 ? 'razorpay' : 'cod');
      expect([201, 400, 409]).toContain(res.statusCode);
    }
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const refused = await place(s, 'razorpay');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stock = await stockOf(t, bag.id);
    // Another account is counted on its own.
    const other = await createShopper(t);
    await putInCart(t, other.id, [{ productId: bag.id, qty: 1 }]);
    expect((await place(other)).statusCode).toBe(201);
    expect(await stockOf(t, bag.id)).toBe(stock - 1);
  });
});
