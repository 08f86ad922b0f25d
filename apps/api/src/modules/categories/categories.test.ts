import { adminCategoryListQuery, CATEGORY_SORTS, SORT_DIRECTIONS } from '@bagshop/shared/schemas/admin-lists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { getCategory, listCategories, shopCategories } from './service.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('categories', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (payload: object, token: string | undefined = admin.token) =>
    t.request({ method: 'POST', url: '/api/category', payload, token });

  it('creates a category with a category offer', async () => {
    const offer = await createOffer(t, { type: 'category', discount: 12 });
    const res = await post({ name: 'Backpacks', offer: offer.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Backpacks Category created successfully');
    expect(res.json().category).toMatchObject({
      name: 'Backpacks',
      isExist: true,
      productCount: 0,
      offer: { _id: offer.id, discount: 12 },
    });
    const none = await post({ name: 'Totes', offer: 'none' });
    expect(none.statusCode).toBe(201);
    expect(none.json().category.offer).toBeNull();
  });

  it('answers invalid names and offers per field', async () => {
    const empty = await post({ name: '' });
    expect(empty.json().fields).toEqual({ name: 'Category name is required' });
    for (const name of ['A name far too long', 'Bags @ 2', '2024']) {
      const res = await post({ name });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: 'Category must be of at most 15 characters long' });
    }
    const productOffer = await createOffer(t, { type: 'products' });
    const wrong = await post({ name: 'Clutches', offer: productOffer.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ offer: 'This offer does not apply here' });
    const deletedOffer = await createOffer(t, { type: 'category', deletedAt: new Date() });
    const gone = await post({ name: 'Clutches', offer: deletedOffer.id });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields).toEqual({ offer: 'Offer not found' });
    const extra = await post({ name: 'Clutches', colour: 'Red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ colour: "Unknown field 'colour'" });
  });

  it('refuses a duplicate name whatever its case, but frees the name of a deleted category', async () => {
    await createCategory(t, { name: 'Duffels' });
    const dup = await post({ name: 'dUFFELS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'A category with this name already exists' });

    await createCategory(t, { name: 'Slings', deletedAt: new Date() });
    expect((await post({ name: 'Slings' })).statusCode).toBe(201);
  });

  it('refuses visitors with 401 and customers with 403, but lists the shop categories publicly', async () => {
    expect((await t.request({ method: 'POST', url: '/api/category', payload: { name: 'Wallets' } })).statusCode).toBe(
      401,
    );
    expect((await post({ name: 'Wallets' }, customer.token)).statusCode).toBe(403);
    const list = await t.request({ method: 'GET', url: '/api/category', token: customer.token });
    expect(list.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/category' })).statusCode).toBe(401);
    const one = await createCategory(t);
    expect((await t.request({ method: 'GET', url: `/api/category/${one.id}` })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'PUT', url: `/api/category/${one.id}/unblock`, token: customer.token })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/category/${one.id}` })).statusCode).toBe(401);
  });

  it('public list: live, unblocked categories by name', async () => {
    const zeta = await createCategory(t, { name: 'zeta' });
    const alpha = await createCategory(t, { name: 'Aalpha' });
    const blocked = await createCategory(t, { name: 'Abblocked', isBlocked: true });
    const deleted = await createCategory(t, { name: 'Acdeleted', deletedAt: new Date() });
    const res = await t.request({ method: 'GET', url: '/api/category/all' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().all.map((c: { _id: string }) => c._id);
    expect(ids[0]).toBe(alpha.id);
    expect(ids.at(-1)).toBe(zeta.id);
    expect(ids).not.toContain(blocked.id);
    expect(ids).not.toContain(deleted.id);
  });

  it('admin list: newest first in pages of 6 with product counts and a literal keyword', async () => {
    const base = Date.now() + 60_000;
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(await createCategory(t, { name: `Hike ${'abcdefg'[i]}`, createdAt: new Date(base + i * 1000) }));
    }
    await createProduct(t, { categoryId: made[6].id });
    await createProduct(t, { categoryId: made[6].id });
    await createProduct(t, { categoryId: made[6].id, deletedAt: new Date() });
    await createCategory(t, { name: 'Walk_z' });

    const first = await t.request({ method: 'GET', url: '/api/category?keyword=hike', token: admin.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 7, page: 1, pages: 2 });
    expect(first.json().categories.map((c: { name: string }) => c.name)).toEqual([
      'Hike g',
      'Hike f',
      'Hike e',
      'Hike d',
      'Hike c',
      'Hike b',
    ]);
    expect(first.json().categories[0].productCount).toBe(2);
    const second = await t.request({
      method: 'GET',
      url: '/api/category?keyword=hike&page=2',
      token: admin.token,
    });
    expect(second.json().categories.map((c: { name: string }) => c.name)).toEqual(['Hike a']);
    const underscore = await t.request({ method: 'GET', url: '/api/category?keyword=k_', token: admin.token });
    expect(underscore.json().categories.map((c: { name: string }) => c.name)).toEqual(['Walk_z']);
  });

  it('admin list: sorts by every column both ways ending with the id, pages by size, refuses others', async () => {
    const at = (day: number) => new Date(Date.parse('2026-09-01T00:00:00.000Z') + day * 86_400_000);
    // Two share a creation time, so only the id keeps their order stable.
    const seeded: Awaited<ReturnType<typeof createCategory>>[] = [];
    for (const [name, day] of [
      ['Sorty beta', 3],
      ['sorty Alpha', 1],
      ['SORTY gamma', 1],
      ['Sorty_delta', 5],
      ['sorty Zeta', 2],
      ['Sorty eta', 4],
      ['Sorty Theta', 0],
    ] as const) {
      seeded.push(await createCategory(t, { name, createdAt: at(day) }));
    }
    const get = (query: string) =>
      t.request({ method: 'GET', url: `/api/category?keyword=sorty&${query}`, token: admin.token });
    for (const sort of CATEGORY_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`limit=25&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        const key = (c: (typeof seeded)[number]) => (sort === 'name' ? c.name.toLowerCase() : c.createdAt.getTime());
        expect(
          res.json().categories.map((c: { _id: string }) => c._id),
          `${sort} ${dir}`,
        ).toEqual(sortedIds(seeded, key, dir));
      }
    }
    const byNameDesc = sortedIds(seeded, (c) => c.name.toLowerCase(), 'desc');
    const page2 = await get('sort=name&dir=desc&page=2');
    expect(page2.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(page2.json().categories.map((c: { _id: string }) => c._id)).toEqual(byNameDesc.slice(6));
    expect((await get('limit=6')).json().categories).toHaveLength(6);
    expect((await get('limit=50')).json()).toMatchObject({ pages: 1, categories: expect.any(Array) });
    for (const query of ['limit=10', 'limit=0', 'sort=productCount', 'sort=offer', 'dir=up']) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('reads and edits a category, keeping the offer unless one is sent', async () => {
    const offer = await createOffer(t, { type: 'category' });
    const cat = await createCategory(t, { name: 'Laptop', offerId: offer.id });
    await createCategory(t, { name: 'Messenger' });
    const url = `/api/category/${cat.id}`;
    const read = await t.request({ method: 'GET', url, token: admin.token });
    expect(read.json().category).toMatchObject({ _id: cat.id, name: 'Laptop', offer: { _id: offer.id } });

    const edit = await t.request({ method: 'PUT', url, payload: { name: 'Laptop Bags' }, token: admin.token });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Category updated successfully!',
      category: { name: 'Laptop Bags', offer: { _id: offer.id } },
    });
    const clear = await t.request({
      method: 'PUT',
      url,
      payload: { name: 'Laptop Bags', offer: '' },
      token: admin.token,
    });
    expect(clear.json().category.offer).toBeNull();
    const sameNameOtherCase = await t.request({
      method: 'PUT',
      url,
      payload: { name: 'laptop bags' },
      token: admin.token,
    });
    expect(sameNameOtherCase.statusCode).toBe(200);

    const dup = await t.request({ method: 'PUT', url, payload: { name: 'MESSENGER' }, token: admin.token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'A category with this name already exists' });
    const bad = await t.request({ method: 'PUT', url, payload: { name: 'x'.repeat(16) }, token: admin.token });
    expect(bad.json().fields).toEqual({ name: 'Category must be of at most 15 characters long' });
  });

  it('toggles the block state', async () => {
    const cat = await createCategory(t);
    const url = `/api/category/${cat.id}/unblock`;
    const block = await t.request({ method: 'PUT', url, token: admin.token });
    expect(block.json()).toMatchObject({ message: 'Blocked', category: { isExist: false } });
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, cat.id));
    expect(row.isBlocked).toBe(true);
    const unblock = await t.request({ method: 'PUT', url, token: admin.token });
    expect(unblock.json()).toMatchObject({ message: 'Unblocked', category: { isExist: true } });
  });

  it('deletes an empty category and refuses one that still has products', async () => {
    const full = await createCategory(t);
    const product = await createProduct(t, { categoryId: full.id });
    const refused = await t.request({ method: 'DELETE', url: `/api/category/${full.id}`, token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Move or delete this category's products first");
    expect(product.categoryId).toBe(full.id);

    const empty = await createCategory(t);
    const del = await t.request({ method: 'DELETE', url: `/api/category/${empty.id}`, token: admin.token });
    expect(del.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, empty.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/category/${empty.id}`, token: admin.token })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [MISSING, 'nope']) {
      const url = `/api/category/${id}`;
      const read = await t.request({ method: 'GET', url, token: admin.token });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe('Category not found');
      expect((await t.request({ method: 'PUT', url, payload: { name: 'Other' }, token: admin.token })).statusCode).toBe(
        404,
      );
      expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(404);
      expect((await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token })).statusCode).toBe(404);
    }
  });

  it('answers every field the service gives, through the documented response schemas', async () => {
    const offer = await createOffer(t, { type: 'category', discount: 7 });
    const one = await createCategory(t, { name: 'Potlis', offerId: offer.id });
    await createProduct(t, { categoryId: one.id });
    const { db } = t.database;
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
    const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });
    expect((await get('/api/category/all')).json()).toEqual({ all: asJson(await shopCategories(db)) });
    expect((await get('/api/category?page=1')).json()).toEqual(
      asJson(await listCategories(db, adminCategoryListQuery.parse({ page: 1 }))),
    );
    const read = (await get(`/api/category/${one.id}`)).json();
    expect(read).toEqual({ category: asJson(await getCategory(db, one.id)) });
    expect(read.category).toMatchObject({ productCount: 1, offer: { _id: offer.id, active: true } });
  });

  it("gives the category's products the price of its new offer in the same change", async () => {
    const fifteen = await createOffer(t, { type: 'category', discount: 15 });
    const thirty = await createOffer(t, { type: 'category', discount: 30, minAmountPaise: 100_000 });
    const cat = await createCategory(t, { name: 'Weekend Bags' });
    const cheap = await createProduct(t, { categoryId: cat.id, pricePaise: 50_000 });
    const dear = await createProduct(t, { categoryId: cat.id, pricePaise: 200_000 });
    const ids = [cheap.id, dear.id];
    const percents = async () =>
      (await t.database.db.select().from(products).where(eq(products.categoryId, cat.id)))
        .sort((a, b) => a.pricePaise - b.pricePaise)
        .map((p) => p.offerPercent);
    const url = `/api/category/${cat.id}`;
    const put = (payload: object) => t.request({ method: 'PUT', url, payload, token: admin.token });

    expect((await put({ name: 'Weekend Bags', offer: fifteen.id })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([15, 15]);
    expect((await put({ name: 'Weekend Bags', offer: thirty.id })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([0, 30]);
    // Blocking hides the products; their price after offer stays what the shared pricing says.
    await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
    await expectStoredPricesShared(t, ids);
    await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
    expect((await put({ name: 'Weekend Bags', offer: '' })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([0, 0]);
  });
});
