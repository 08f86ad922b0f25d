import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { categories } from '../../db/schema/catalogue.ts';

const MINUTE = 60_000;
const NAMES = ['Canvas Tote', 'Leather Satchel', 'Travel Backpack', 'Office Sling'];

/**
 * The shop list's statements are built once and, without filters other than a keyword, prepared once per connection
 * and planned once for every value (search.ts). These ask each such statement more times than PostgreSQL plans it
 * with the values (five) and hold every answer equal to the same query with a filter that keeps everything
 * (`minPrice=0`), whose statement is planned with its values on every request. The response cache is off: every
 * answer comes from the database.
 */
describe('shop list statements', () => {
  let t: TestApp;
  let gymBags: string;
  const start = Date.now() - 1000 * MINUTE;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE: 'off' });
    const handbags = (await createCategory(t, { name: 'Handbags' })).id;
    gymBags = (await createCategory(t, { name: 'Gym Bags' })).id;
    for (let i = 0; i < 40; i++) {
      await createProduct(t, {
        categoryId: i % 5 === 4 ? gymBags : handbags,
        name: `${NAMES[i % NAMES.length]} ${i}`,
        pricePaise: 50_000 + ((i * 7919) % 400) * 100,
        createdAt: new Date(start + i * MINUTE),
      });
    }
  });
  afterAll(() => t.close());

  async function shop(query: string): Promise<ProductCardPage> {
    const res = await t.request({ method: 'GET', url: `/api/products/shop-products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('answers every page of every order the same once its statement is planned for any offset', async () => {
    for (const sortBy of ['newArrivals', 'priceLowHigh', 'priceHighLow', 'nameAsc', 'nameDesc']) {
      for (const page of [1, 2, 3, 4, 1, 2, 3, 4]) {
        const query = `sortBy=${sortBy}&page=${page}`;
        const answer = await shop(query);
        expect(answer, query).toEqual(await shop(`${query}&minPrice=0`));
        expect(answer.total).toBe(40);
      }
    }
  });

  it('answers every keyword the same once its statement is planned for any keyword', async () => {
    const keywords = ['tote', 'satchel', 'backpack', 'ackpa', 'sling 3', 'canvas', 'leather satchel', 'ffice', 'x'];
    for (const keyword of [...keywords, ...keywords]) {
      for (const page of [1, 2]) {
        const query = `keyword=${encodeURIComponent(keyword)}&page=${page}`;
        expect(await shop(query), query).toEqual(await shop(`${query}&minPrice=0`));
      }
    }
    const tote = await shop('keyword=tote');
    expect(tote.total).toBe(10);
    expect(tote.products.every((p) => p.name.startsWith('Canvas Tote'))).toBe(true);
    expect((await shop('keyword=ackpa')).total).toBe(10);
  });

  it('answers every typo the same once its near-name statement is planned for any keyword', async () => {
    const typos = ['totte', 'satchl', 'bakcpack', 'lether satchl', 'ofice slng', 'canvas totte', 'xyzzy'];
    for (const keyword of [...typos, ...typos, ...typos]) {
      const query = `keyword=${encodeURIComponent(keyword)}`;
      expect(await shop(query), query).toEqual(await shop(`${query}&minPrice=0`));
    }
    const satchel = await shop('keyword=satchl');
    expect(satchel).toMatchObject({ total: 10, nearMatches: 10, didYouMean: 'satchel' });
    expect(satchel.products.every((p) => p.name.startsWith('Leather Satchel'))).toBe(true);
  });

  it('says how many there are on a page past the end', async () => {
    expect(await shop('sortBy=priceLowHigh&page=9')).toEqual({ products: [], total: 40, page: 9, pages: 4 });
    expect(await shop('keyword=satchel&page=9')).toEqual({ products: [], total: 10, page: 9, pages: 1 });
  });

  it('leaves out a category blocked after its pages were asked', async () => {
    const before = await shop('sortBy=newArrivals&page=1');
    expect(before.products[0].name).toBe('Office Sling 39');
    await t.database.db.update(categories).set({ isBlocked: true }).where(eq(categories.id, gymBags));
    const after = await shop('sortBy=newArrivals&page=1');
    expect(after.total).toBe(32);
    expect(after.products[0].name).toBe('Travel Backpack 38');
    expect((await shop('keyword=sling')).total).toBe(8);
  });
});
