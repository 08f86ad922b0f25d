import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type { NoResultsAnswer, SuggestAnswer, SynonymsAnswer } from '@bagshop/shared/schemas/search';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue.ts';
import { eventually } from '../../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { searchMisses } from '../../db/schema/search.ts';

const MINUTE = 60_000;

/** Search that forgives (docs/decisions/048-search-that-forgives.md), through the API on a real PostgreSQL. */
describe('search that forgives', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  const start = Date.now() - 1000 * MINUTE;
  let created = 0;
  const at = () => new Date(start + created++ * MINUTE);
  let travelId = '';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    shopper = await createUser(t);
    const handbags = (await createCategory(t, { name: 'Handbags' })).id;
    const backpacks = (await createCategory(t, { name: 'Backpacks' })).id;
    const totes = (await createCategory(t, { name: 'Totes' })).id;
    travelId = (await createCategory(t, { name: 'Travel' })).id;
    await createCategory(t, { name: 'Hidden', isBlocked: true });
    await createProduct(t, {
      categoryId: handbags,
      name: 'Leather Handbag',
      color: 'Brown',
      unitsSold: 5,
      createdAt: at(),
    });
    await createProduct(t, { categoryId: backpacks, name: 'Canvas Backpack', color: 'Blue', createdAt: at() });
    await createProduct(t, { categoryId: totes, name: 'Leather Tote', color: 'Black', createdAt: at() });
    await createProduct(t, { categoryId: totes, name: 'Jute Tote', color: 'Green', createdAt: at() });
    await createProduct(t, { categoryId: totes, name: 'Tota Pouch', color: 'Red', createdAt: at() });
    await createProduct(t, { categoryId: handbags, name: 'Hand Warmer Pouch', isBlocked: true, createdAt: at() });
    // Nine travel bags, two of them with the same name, selling more the later they came.
    for (let n = 1; n <= 9; n++) {
      await createProduct(t, {
        categoryId: travelId,
        name: n === 9 ? 'Travel Duffel 8' : `Travel Duffel ${n}`,
        unitsSold: n,
        createdAt: at(),
      });
    }
  });
  afterAll(() => t.close());

  async function shop(query: string): Promise<ProductCardPage> {
    const res = await t.request({ method: 'GET', url: `/api/products/shop-products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (page: ProductCardPage) => page.products.map((p) => p.name);
  const keyword = (text: string, more = '') => shop(`keyword=${encodeURIComponent(text)}${more}`);

  describe('typos and near words', () => {
    it('finds with a typo what the word finds, and offers the word', async () => {
      const exact = await keyword('handbag');
      expect(names(exact)).toEqual(['Leather Handbag']);
      expect(exact.nearMatches).toBeUndefined();
      expect(exact.didYouMean).toBeUndefined();

      const typo = await keyword('handbga');
      expect(names(typo)).toEqual(['Leather Handbag']);
      expect(typo).toMatchObject({ total: 1, pages: 1, nearMatches: 1, didYouMean: 'handbag' });

      expect(names(await keyword('backpack'))).toEqual(['Canvas Backpack']);
      const backpack = await keyword('bakcpack');
      expect(names(backpack)).toEqual(['Canvas Backpack']);
      expect(backpack.didYouMean).toBe('backpack');

      const tote = await keyword('lether tote');
      expect(names(tote)[0]).toBe('Leather Tote');
      expect(tote.didYouMean).toBe('leather tote');
    });

    it('ranks the near names after the exact matches, without a "Did you mean"', async () => {
      const page = await keyword('tote');
      expect(names(page)).toEqual(['Jute Tote', 'Leather Tote', 'Tota Pouch']);
      expect(page).toMatchObject({ total: 3, pages: 1, nearMatches: 1 });
      expect(page.didYouMean).toBeUndefined();
    });

    it('keeps the filters for near names and never shows what is not for sale', async () => {
      expect(names(await keyword('handbga', '&color=Red'))).toEqual([]);
      expect(names(await keyword('handbga', '&color=Brown'))).toEqual(['Leather Handbag']);
      expect(names(await keyword('hand warmr'))).toEqual([]);
    });

    it('finds nothing, and offers nothing, for words close to no name', async () => {
      const page = await keyword('xyzzy');
      expect(page).toEqual({ products: [], total: 0, page: 1, pages: 0 });
    });

    it('adds nothing to matches when no other name is close', async () => {
      const page = await keyword('travel');
      expect(page.total).toBe(9);
      expect(page.nearMatches).toBeUndefined();
    });
  });

  describe('synonyms', () => {
    const put = (synonyms: unknown, token = admin.token) =>
      t.request({ method: 'PUT', url: '/api/admin/search/synonyms', token, payload: { synonyms } });

    it('are kept by administrators only, within their limits', async () => {
      expect((await t.request({ method: 'GET', url: '/api/admin/search/synonyms' })).statusCode).toBe(401);
      expect((await put([{ word: 'purse', means: 'handbag' }], shopper.token)).statusCode).toBe(403);
      const refused = [
        [{ word: 'purse', means: 'purse' }],
        [
          { word: 'purse', means: 'handbag' },
          { word: 'Purse', means: 'wallet' },
        ],
        [{ word: 'two words', means: 'handbag' }],
        [{ word: 'x'.repeat(31), means: 'handbag' }],
        [{ word: 'purse', means: 'y'.repeat(61) }],
        [{ word: 'purse', means: '' }],
        Array.from({ length: 201 }, (_, i) => ({ word: `w${i}`, means: 'bag' })),
      ];
      for (const synonyms of refused) expect((await put(synonyms)).statusCode, JSON.stringify(synonyms)).toBe(400);
      const list = await t.request({ method: 'GET', url: '/api/admin/search/synonyms', token: admin.token });
      expect(list.json()).toEqual({ synonyms: [] });
    });

    it('find what the word they mean finds, as soon as they are saved', async () => {
      expect(names(await keyword('purse'))).toEqual([]);
      const res = await put([
        { word: ' Purse ', means: 'Handbag' },
        { word: 'bagpack', means: 'backpack' },
        { word: 'thaila', means: 'tote' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SynonymsAnswer>()).toEqual({
        synonyms: [
          { word: 'bagpack', means: 'backpack' },
          { word: 'purse', means: 'handbag' },
          { word: 'thaila', means: 'tote' },
        ],
      });
      const purse = await keyword('purse');
      expect(names(purse)).toEqual(['Leather Handbag']);
      expect(purse.nearMatches).toBeUndefined();
      expect(names(await keyword('bagpack'))).toEqual(['Canvas Backpack']);
      expect(names(await keyword('thaila'))).toEqual(['Jute Tote', 'Leather Tote']);
      // Both words match one product; other leather bags may follow it as near names.
      const both = await keyword('leather thaila');
      expect(names(both)[0]).toBe('Leather Tote');
      expect(both.total - (both.nearMatches ?? 0)).toBe(1);

      const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'search-synonyms'));
      expect(entry).toMatchObject({ adminId: admin.id, action: 'update', summary: 'Search synonyms (3)' });
      expect(entry.after).toEqual(res.json());

      // Taken away, the word finds nothing again.
      expect((await put([{ word: 'bagpack', means: 'backpack' }])).statusCode).toBe(200);
      expect(names(await keyword('purse'))).toEqual([]);
    });
  });

  describe('searches that found nothing', () => {
    const list = async () => {
      const res = await t.request({ method: 'GET', url: '/api/admin/search/no-results', token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NoResultsAnswer>().searches;
    };
    const counted = async (query: string) => (await list()).find((s) => s.query === query)?.searches ?? 0;

    it('are counted per search, cached answers too, most frequent first, for administrators only', async () => {
      const res = await t.request({ method: 'GET', url: '/api/admin/search/no-results', token: shopper.token });
      expect(res.statusCode).toBe(403);
      await keyword('Laptop  Sleeve');
      await keyword('laptop sleeve');
      await keyword('laptop sleeve');
      await keyword('gym sack');
      // Found something, filtered, or a later page: not counted.
      await keyword('tote');
      await keyword('laptop sleeve', '&color=Red');
      await keyword('laptop sleeve', '&page=2');
      await eventually(
        'three searches for a laptop sleeve counted',
        async () => (await counted('laptop sleeve')) === 3,
      );
      await eventually('the gym sack counted', async () => (await counted('gym sack')) === 1);
      const searches = await list();
      expect(searches.map((s) => s.query)).not.toContain('tote');
      expect(searches.findIndex((s) => s.query === 'laptop sleeve')).toBeLessThan(
        searches.findIndex((s) => s.query === 'gym sack'),
      );
      const today = searches.find((s) => s.query === 'gym sack')?.lastDay;
      const [{ indiaToday }] = (
        await t.database.db.execute<{ indiaToday: string }>(
          sql`select to_char((now() at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as "indiaToday"`,
        )
      ).rows;
      expect(today).toBe(indiaToday);
    });

    it('cover the last 30 days', async () => {
      await t.database.db.insert(searchMisses).values([
        { day: sql`(now() at time zone 'Asia/Kolkata')::date - 30`, query: 'old search', searches: 50 },
        { day: sql`(now() at time zone 'Asia/Kolkata')::date - 29`, query: 'recent search', searches: 40 },
      ]);
      const searches = await list();
      expect(searches[0]).toMatchObject({ query: 'recent search', searches: 40 });
      expect(searches.map((s) => s.query)).not.toContain('old search');
    });
  });

  describe('suggestions', () => {
    const suggest = async (q: string) => {
      const res = await t.request({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SuggestAnswer>().suggestions;
    };

    it('name categories first, then products for sale, best sellers first, 8 in all, each name once', async () => {
      const found = await suggest('tra');
      expect(found).toHaveLength(8);
      expect(found[0]).toEqual({ kind: 'category', id: travelId, name: 'Travel' });
      expect(found.slice(1).map((s) => s.name)).toEqual([
        'Travel Duffel 8',
        'Travel Duffel 7',
        'Travel Duffel 6',
        'Travel Duffel 5',
        'Travel Duffel 4',
        'Travel Duffel 3',
        'Travel Duffel 2',
      ]);
      expect(found.slice(1).every((s) => s.kind === 'product')).toBe(true);
    });

    it('match the start of a word of a name, and leave out what is not for sale', async () => {
      const found = await suggest('ha');
      expect(found.map((s) => [s.kind, s.name])).toEqual([
        ['category', 'Handbags'],
        ['product', 'Leather Handbag'],
      ]);
      expect((await suggest('pouch')).map((s) => s.name)).toEqual(['Tota Pouch']);
      expect(await suggest('hidden')).toEqual([]);
    });

    it('forgive a typo, and start at two characters', async () => {
      expect((await suggest('bakcpack')).map((s) => s.name)).toEqual(['Canvas Backpack']);
      expect(await suggest('t')).toEqual([]);
      expect(await suggest('')).toEqual([]);
      const res = await t.request({ method: 'GET', url: `/api/products/suggest?q=${'a'.repeat(101)}` });
      expect(res.statusCode).toBe(400);
      const unknown = await t.request({ method: 'GET', url: '/api/products/suggest?q=ha&x=1' });
      expect(unknown.statusCode).toBe(400);
    });
  });
});
