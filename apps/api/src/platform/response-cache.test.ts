import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../test/catalogue.ts';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { createShopper, putInCart } from '../modules/orders/order-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A real multipart/form-data body, as the admin's product form sends it. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Two shop processes on one database: instance 1 (`one`) writes, instance 2 (`two`) answers from its cache. */
describe('the catalogue cache', () => {
  let one: TestApp;
  let two: Awaited<ReturnType<TestApp['sibling']>>;
  let admin: TestUser;

  beforeAll(async () => {
    one = await createTestApp();
    two = await one.sibling();
    admin = await createUser(one, { isAdmin: true });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const get = (app: FastifyInstance, url: string, headers: InjectOptions['headers'] = {}) =>
    app.inject({ method: 'GET', url, headers });
  const detailOf = async (app: FastifyInstance, id: string) => {
    const res = await get(app, `/api/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().product;
  };

  it('answers the other process with a new price, offer dates and stock as soon as the write is answered', async () => {
    const category = await createCategory(one);
    const priced = await createProduct(one, { categoryId: category.id, pricePaise: 100_000 });
    const offer = await createOffer(one, { discount: 20 });
    const onOffer = await createProduct(one, { categoryId: category.id, pricePaise: 50_000, offerId: offer.id });
    const stocked = await createProduct(one, { categoryId: category.id, pricePaise: 30_000, quantity: 10 });
    const page = `/api/products/shop-products?category=${category.id}`;

    // Warm instance 2: each answer is read twice, the second time from its cache.
    for (let i = 0; i < 2; i++) {
      expect((await detailOf(two.app, priced.id)).price).toBe(1000);
      expect((await detailOf(two.app, onOffer.id)).finalPrice).toBe(400);
      expect((await detailOf(two.app, stocked.id)).quantity).toBe(10);
      expect((await get(two.app, page)).json().products).toHaveLength(3);
    }
    expect(two.app.responseCache.entries).toBeGreaterThanOrEqual(4);

    const edited = await one.request({
      method: 'PUT',
      url: `/api/products/${priced.id}`,
      token: admin.token,
      ...(await multipart({
        name: 'Office Bag',
        description: 'A sturdy everyday bag',
        price: '1250',
        offer: 'none',
        category: category.id,
        quantity: '10',
        brand: priced.brand,
        color: priced.color,
        size: priced.size,
        existingImages: JSON.stringify(priced.images.map((image) => image.large)),
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const tomorrow = Date.now() + DAY_MS;
    const moved = await one.request({
      method: 'PUT',
      url: `/api/user/admin/offers/edit/${offer.id}`,
      token: admin.token,
      payload: {
        name: offer.name,
        type: offer.type,
        description: offer.description,
        activation: new Date(tomorrow).toISOString(),
        expiry: new Date(tomorrow + 10 * DAY_MS).toISOString(),
        discount: 20,
        minAmount: 1,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const shopper = await createShopper(one);
    await putInCart(one, shopper.id, [{ productId: stocked.id, qty: 3 }]);
    const ordered = await one.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: shopper.addressId, paymentMethod: 'cod' },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);

    // Another process hears of a commit through PostgreSQL, asynchronously: this waits until every change
    // committed so far has reached instance 2 (its own notification comes back after them), with no timer.
    await two.app.responseCache.settled();
    expect((await detailOf(two.app, priced.id)).price).toBe(1250);
    const offerNow = await detailOf(two.app, onOffer.id);
    expect(offerNow.finalPrice).toBe(500);
    expect(offerNow.offer).toMatchObject({ active: false, activation: new Date(tomorrow).toISOString() });
    expect((await detailOf(two.app, stocked.id)).quantity).toBe(7);
    const byId = new Map(
      (await get(two.app, page))
        .json()
        .products.map((p: { _id: string; finalPrice: number; quantity: number }) => [p._id, p]),
    );
    expect(byId.get(priced.id)).toMatchObject({ finalPrice: 1250 });
    expect(byId.get(onOffer.id)).toMatchObject({ finalPrice: 500 });
    expect(byId.get(stocked.id)).toMatchObject({ quantity: 7 });
  });

  it('stops answering the old price when an offer starts, with no write at that moment', async () => {
    const startsSoon = await createOffer(one, {
      discount: 50,
      activation: new Date(Date.now() + 1500),
      expiry: new Date(Date.now() + 30 * DAY_MS),
    });
    const bag = await createProduct(one, { pricePaise: 100_000, offerId: startsSoon.id });
    await two.app.responseCache.settled();
    expect((await detailOf(two.app, bag.id)).finalPrice).toBe(1000);
    // The offer's start is a moment in time, not a change anyone is told about: this waits for the clock.
    await eventually(
      'the offer to start in the answers',
      async () => (await detailOf(two.app, bag.id)).finalPrice === 500,
      10_000,
    );
    expect((await detailOf(two.app, bag.id)).offer).toMatchObject({ active: true });
    // Past the boundary's margin both processes keep answers again (the next tests rely on it).
    await eventually(
      'both caches to serve again after the offer started',
      () => one.app.responseCache.serving && two.app.responseCache.serving,
      5_000,
    );
  });

  it('never answers the writing process from before its own write, without waiting for the notification', async () => {
    const bag = await createProduct(one, { pricePaise: 80_000 });
    await detailOf(one.app, bag.id);
    expect((await detailOf(one.app, bag.id)).numReviews).toBe(0);
    const shopper = await createUser(one);
    const reviewed = await one.request({
      method: 'POST',
      url: `/api/products/${bag.id}/reviews`,
      token: shopper.token,
      payload: { rating: 4, comment: 'Roomy and light' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const after = await detailOf(one.app, bag.id);
    expect(after).toMatchObject({ numReviews: 1, rating: 4 });
    expect(after.reviews).toHaveLength(1);
  });

  it('keeps its answers through refused writes and writes outside the catalogue; a catalogue write empties it', async () => {
    const bag = await createProduct(one, { pricePaise: 50_000 });
    const other = await createProduct(one);
    const page = `/api/products/shop-products?category=${bag.categoryId}`;
    const shopper = await createShopper(one);
    await one.app.responseCache.settled();
    // A price change nobody is told about (triggers off): an answer from the cache still shows the old price, so
    // each read below says whether it came from the cache.
    const quiet = new pg.Client({ connectionString: one.database.pool.options.connectionString as string });
    await quiet.connect();
    const changeUnseen = async (pricePaise: number) => {
      await quiet.query('begin');
      await quiet.query('set local session_replication_role = replica');
      await quiet.query('update products set price_paise = $1 where id = $2', [pricePaise, bag.id]);
      await quiet.query('commit');
    };
    const priceOf = async () => (await detailOf(one.app, bag.id)).price;
    const pagePriceOf = async () => (await get(one.app, page)).json().products[0].price;
    try {
      expect(await priceOf()).toBe(500);
      expect(await pagePriceOf()).toBe(500);
      await changeUnseen(55_000);
      expect(await priceOf()).toBe(500);
      const entries = one.app.responseCache.entries;

      const refused = [
        // an administrator's product edit with a price that is not one
        await one.request({
          method: 'PUT',
          url: `/api/products/${bag.id}`,
          token: admin.token,
          ...(await multipart({ name: 'Office Bag', price: 'abc', category: bag.categoryId })),
        }),
        await one.request({ method: 'PUT', url: `/api/products/${bag.id}/unblock`, token: shopper.token }),
        await one.request({
          method: 'PUT',
          url: '/api/products/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee/unblock',
          token: admin.token,
        }),
        await one.request({ method: 'POST', url: '/api/products/add-to-cart', payload: { productId: bag.id, qty: 1 } }),
      ];
      expect(refused.map((res) => res.statusCode)).toEqual([400, 403, 404, 401]);
      const elsewhere = [
        await one.request({
          method: 'POST',
          url: '/api/user/account/add-address',
          token: shopper.token,
          payload: {
            name: 'Asha Rao',
            houseName: 'Flat 4B, Lake View Apartments',
            town: 'Bengaluru',
            street: '12th Main Road',
            zipcode: '560038',
            state: 'Karnataka',
            country: 'IN',
            phone: '9876543210',
          },
        }),
        await one.request({
          method: 'POST',
          url: '/api/products/add-to-cart',
          token: shopper.token,
          payload: { productId: bag.id, qty: 1 },
        }),
        await one.request({
          method: 'POST',
          url: '/api/contact',
          payload: { name: 'Ravi', email: 'ravi@example.in', message: 'Do you ship to Pune?' },
        }),
      ];
      expect(elsewhere.map((res) => res.statusCode)).toEqual([201, 201, 201]);
      expect(one.app.responseCache.entries).toBe(entries);
      expect(await priceOf()).toBe(500);
      expect(await pagePriceOf()).toBe(500);

      // A successful catalogue write (blocking another product) empties it before its answer leaves.
      const blocked = await one.request({
        method: 'PUT',
        url: `/api/products/${other.id}/unblock`,
        token: admin.token,
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(one.app.responseCache.entries).toBe(0);
      expect(await priceOf()).toBe(550);
      expect(await pagePriceOf()).toBe(550);
    } finally {
      await quiet.end();
    }
  });

  it('shares one entry between a query and its normalized form, and answers If-None-Match with 304', async () => {
    const category = await createCategory(one);
    const other = await createCategory(one);
    await createProduct(one, { categoryId: category.id });
    await createProduct(one, { categoryId: other.id });
    await two.app.responseCache.settled();
    const first = await get(two.app, `/api/products/shop-products?category=${category.id}&category=${other.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const entries = two.app.responseCache.entries;

    const same = await get(
      two.app,
      `/api/products/shop-products?page=1&category=${other.id}&category=${category.id}&category=${other.id}`,
    );
    expect(same.body).toBe(first.body);
    expect(same.headers.etag).toBe(etag);
    // A hit, answered before most hooks run, carries every header of the miss: the security headers too.
    const { date: _missDate, ...missHeaders } = first.headers;
    const { date: _hitDate, ...hitHeaders } = same.headers;
    expect(hitHeaders).toEqual(missHeaders);
    expect(hitHeaders['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(two.app.responseCache.entries).toBe(entries);

    const unchanged = await get(two.app, `/api/products/shop-products?category=${category.id}&category=${other.id}`, {
      'if-none-match': etag,
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    // The process that answers first (a miss) gives the same ETag as a hit on another process.
    const onOne = await get(one.app, `/api/products/shop-products?category=${other.id}&category=${category.id}`, {
      'if-none-match': `"stale", ${etag}`,
    });
    expect(onOne.statusCode).toBe(304);

    await createProduct(one, { categoryId: category.id });
    await two.app.responseCache.settled();
    const changed = await get(two.app, `/api/products/shop-products?category=${category.id}&category=${other.id}`, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().products).toHaveLength(3);
  });

  it('refuses a bad query with the route’s own 400, cached or not', async () => {
    await get(two.app, '/api/products/new');
    const res = await get(two.app, '/api/products/new?page=2');
    expect(res.statusCode).toBe(400);
    expect((await get(two.app, '/api/products/shop-products?color=Plaid')).statusCode).toBe(400);
  });

  it('serves gzip and brotli forms of the same bytes, each per Accept-Encoding', async () => {
    const category = await createCategory(one);
    for (let i = 0; i < 6; i++) await createProduct(one, { categoryId: category.id });
    const url = `/api/products/shop-products?category=${category.id}`;
    const plain = await get(two.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const round of [1, 2]) {
      const br = await get(two.app, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], `round ${round}`).toBe('br');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

      const gz = await get(two.app, url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding'], `round ${round}`).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

      const identity = await get(two.app, url, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain.body);
    }
  });

  it('answers a signed-in shopper fresh, with reviewedByMe, and never shares that answer', async () => {
    const bag = await createProduct(one);
    const shopper = await createUser(one);
    const reviewed = await one.request({
      method: 'POST',
      url: `/api/products/${bag.id}/reviews`,
      token: shopper.token,
      payload: { rating: 5, comment: 'Perfect for the office' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    await two.app.responseCache.settled();
    for (let i = 0; i < 2; i++) {
      const anonymous = await detailOf(two.app, bag.id);
      expect(anonymous).not.toHaveProperty('reviewedByMe');
      expect(anonymous.numReviews).toBe(1);
    }
    const signedIn = await get(two.app, `/api/products/${bag.id}`, { authorization: `Bearer ${shopper.token}` });
    expect(signedIn.json().product.reviewedByMe).toBe(true);
    expect(signedIn.headers.vary).toBe('accept-encoding, authorization');
    const someoneElse = await createUser(one);
    const theirs = await get(two.app, `/api/products/${bag.id}`, { authorization: `Bearer ${someoneElse.token}` });
    expect(theirs.json().product.reviewedByMe).toBe(false);
    expect(await detailOf(two.app, bag.id)).not.toHaveProperty('reviewedByMe');
  });

  it('answers fresh while its listener is lost, and caches again once it listens again', async () => {
    const bag = await createProduct(one, { pricePaise: 60_000 });
    const url = new URL(one.database.pool.options.connectionString as string);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: url.href });
    const server = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
    await admin.connect();
    await server.connect();
    const allowConnections = (allow: boolean) => server.query(`alter database "${name}" allow_connections ${allow}`);
    try {
      expect((await detailOf(one.app, bag.id)).price).toBe(600);
      expect((await detailOf(one.app, bag.id)).price).toBe(600);
      expect(one.app.responseCache.entries).toBeGreaterThan(0);

      // No new connection may reach the database, and the listeners' connections are cut.
      await allowConnections(false);
      await server.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and application_name = 'bagshop catalogue cache listener'`,
        [name],
      );
      await one.app.responseCache.whenListening(false);
      expect(one.app.responseCache.entries).toBe(0);

      // A change nobody is told about (triggers off): only an answer that bypasses the cache can show it.
      const change = async (pricePaise: number) => {
        await admin.query('begin');
        await admin.query('set local session_replication_role = replica');
        await admin.query('update products set price_paise = $1 where id = $2', [pricePaise, bag.id]);
        await admin.query('commit');
      };
      await change(65_000);
      expect((await detailOf(one.app, bag.id)).price).toBe(650);
      await change(70_000);
      expect((await detailOf(one.app, bag.id)).price).toBe(700);
      expect(one.app.responseCache.entries).toBe(0);

      await allowConnections(true);
      await one.app.responseCache.whenListening(true);
      expect((await detailOf(one.app, bag.id)).price).toBe(700);
      expect(one.app.responseCache.entries).toBeGreaterThan(0);
    } finally {
      await allowConnections(true);
      await admin.end();
      await server.end();
    }
  });
});

describe('the catalogue cache switched off (RESPONSE_CACHE=off)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ RESPONSE_CACHE: 'off' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers every read from the database, with no cache in the process', async () => {
    const bag = await createProduct(shop, { pricePaise: 40_000 });
    const first = await shop.request({ method: 'GET', url: `/api/products/${bag.id}` });
    const again = await shop.request({ method: 'GET', url: `/api/products/${bag.id}` });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.etag).toBeUndefined();
    expect(shop.app.hasDecorator('responseCache')).toBe(false);
  });
});
