import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../test/catalogue.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { cartItems } from '../db/schema/catalogue.ts';

/**
 * DATABASE_READ_URL: a second database stands in for a replica that has not replayed the latest writes yet (it is
 * empty), so every answer shows which database it was read from.
 */
describe('a read replica (DATABASE_READ_URL)', () => {
  let replica: Awaited<ReturnType<typeof createTestDatabase>>;
  let uncached: TestApp;
  let cached: TestApp;
  beforeAll(async () => {
    replica = await createTestDatabase();
    [uncached, cached] = await Promise.all([
      createTestApp({ DATABASE_READ_URL: replica.url, RESPONSE_CACHE: 'off' }),
      createTestApp({ DATABASE_READ_URL: replica.url, RESPONSE_CACHE: 'on' }),
    ]);
  });
  afterAll(async () => {
    await uncached?.close();
    await cached?.close();
    await replica?.drop();
  });

  it('answers catalogue reads and admin reports from the replica, and the cart from the primary', async () => {
    const bag = await createProduct(uncached, { categoryId: (await createCategory(uncached)).id });
    const shop = await uncached.request({ method: 'GET', url: '/api/products/shop-products' });
    expect(shop.json().total).toBe(0);
    expect((await uncached.request({ method: 'GET', url: `/api/products/${bag.id}` })).statusCode).toBe(404);
    expect((await uncached.request({ method: 'GET', url: '/api/category/all' })).json().all).toEqual([]);

    const shopper = await createUser(uncached);
    // Signed in, the details come from the primary (they say whether this shopper reviewed the bag).
    const details = await uncached.request({ method: 'GET', url: `/api/products/${bag.id}`, token: shopper.token });
    expect(details.statusCode).toBe(200);
    await uncached.database.db.insert(cartItems).values({ userId: shopper.id, productId: bag.id, qty: 1 });
    const cart = await uncached.request({ method: 'GET', url: '/api/products/cart', token: shopper.token });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.body).toContain(bag.id);

    const admin = await createUser(uncached, { isAdmin: true });
    const report = await uncached.request({
      method: 'GET',
      url: '/api/user/admin/dashboard?filter=yearly',
      token: admin.token,
    });
    expect(report.statusCode, report.body).toBe(200);
    // The shopper signed up on the primary only.
    expect(report.json().cards.newCustomers).toBe(0);
  });

  it('keeps reading the primary for the catalogue while the response cache is on', async () => {
    const bag = await createProduct(cached, { categoryId: (await createCategory(cached)).id });
    expect((await cached.request({ method: 'GET', url: '/api/products/shop-products' })).json().total).toBe(1);
    expect((await cached.request({ method: 'GET', url: `/api/products/${bag.id}` })).statusCode).toBe(200);
  });
});
