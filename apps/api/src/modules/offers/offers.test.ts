import { adminOfferListQuery, OFFER_SORTS, SORT_DIRECTIONS } from '@bagshop/shared/schemas/admin-lists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { sortedIds } from '../../../test/list-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import { getOffer, listOffers, usableOffers } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';

function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Diwali Sale',
    type: 'products',
    description: 'Festive prices on bags',
    activation: new Date(Date.now() - DAY).toISOString(),
    expiry: new Date(Date.now() + 10 * DAY).toISOString(),
    discount: 15,
    minAmount: 499.5,
    ...overrides,
  };
}

describe('admin offers', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const add = (payload: unknown, token = admin.token) =>
    t.request({ method: 'POST', url: '/api/user/admin/offers/add', payload: payload as object, token });

  it('creates an offer, storing the criteria amount in paise', async () => {
    const res = await add(offerBody());
    expect(res.statusCode).toBe(201);
    const { message, offer } = res.json();
    expect(message).toBe('Offer created successfully');
    expect(offer).toMatchObject({
      name: 'Diwali Sale',
      type: 'products',
      description: 'Festive prices on bags',
      discount: 15,
      minAmount: 499.5,
      isExist: true,
      active: true,
    });
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row.minAmountPaise).toBe(49950);
  });

  it('answers each invalid field with its own message', async () => {
    const res = await add(
      offerBody({
        name: 'A very long offer name indeed',
        description: 'x'.repeat(51),
        discount: 101,
        minAmount: 0,
        expiry: new Date(Date.now() - 2 * DAY).toISOString(),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Offer name must be at most 20 characters long',
      description: 'Description must be at most 50 characters long',
      discount: 'Enter a valid discount',
      minAmount: 'Enter a valid minimum amount',
      expiry: 'Expiry date must be after activation date',
    });
    const dates = await add(offerBody({ expiry: new Date(Date.now() - 2 * DAY).toISOString() }));
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fields).toEqual({ expiry: 'Expiry date must be after activation date' });
    const missing = await add({ ...offerBody(), activation: '', type: 'everything', extra: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      activation: 'Activation date is required',
      type: 'Choose what the offer applies to',
      extra: "Unknown field 'extra'",
    });
  });

  it('refuses visitors with 401 and customers with 403', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/user/admin/offers/add', payload: offerBody() })).statusCode,
    ).toBe(401);
    expect((await add(offerBody(), customer.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/user/admin/offers', token: customer.token })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/user/admin/alloffers/' })).statusCode).toBe(401);
  });

  it('lists offers newest first in pages of 6, with a literal keyword search', async () => {
    const list = (query: string) =>
      t.request({ method: 'GET', url: `/api/user/admin/offers${query}`, token: admin.token });
    for (let i = 0; i < 7; i++)
      await createOffer(t, { name: `Monsoon ${i}`, createdAt: new Date(Date.now() + i * 1000) });
    await createOffer(t, { name: '100% off_deal', createdAt: new Date(Date.now() - DAY) });
    await createOffer(t, { name: 'Gone offer', deletedAt: new Date() });

    const first = await list('?keyword=monsoon');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 7, page: 1, pages: 2 });
    expect(first.json().offers.map((o: { name: string }) => o.name)).toEqual([
      'Monsoon 6',
      'Monsoon 5',
      'Monsoon 4',
      'Monsoon 3',
      'Monsoon 2',
      'Monsoon 1',
    ]);
    const second = await list('?keyword=monsoon&page=2');
    expect(second.json().offers.map((o: { name: string }) => o.name)).toEqual(['Monsoon 0']);

    const percent = await list(`?keyword=${encodeURIComponent('0%')}`);
    expect(percent.json().offers.map((o: { name: string }) => o.name)).toEqual(['100% off_deal']);
    const underscore = await list('?keyword=f_d');
    expect(underscore.json().offers.map((o: { name: string }) => o.name)).toEqual(['100% off_deal']);
    expect((await list('?keyword=gone')).json().total).toBe(0);
  });

  it('sorts by name, discount, start, end and age both ways ending with the id, pages by size, refuses others', async () => {
    const day = (n: number) => new Date(Date.parse('2026-09-01T00:00:00.000Z') + n * DAY);
    // Ties on every column but the name, so only the id keeps those rows in a stable order.
    const rows = [
      ['graded Beta', 10, 1, 40, 2],
      ['Graded alpha', 25, 3, 35, 1],
      ['GRADED gamma', 10, 1, 40, 1],
      ['Graded_delta', 5, 0, 60, 4],
      ['graded Zeta', 40, 6, 30, 3],
      ['Graded eta', 25, 2, 45, 0],
      ['Graded Theta', 15, 3, 50, 5],
    ] as const;
    const seeded: Awaited<ReturnType<typeof createOffer>>[] = [];
    for (const [name, discount, starts, ends, made] of rows) {
      seeded.push(
        await createOffer(t, { name, discount, activation: day(starts), expiry: day(ends), createdAt: day(made) }),
      );
    }
    type Seeded = (typeof seeded)[number];
    const keys = {
      createdAt: (o: Seeded) => o.createdAt.getTime(),
      name: (o: Seeded) => o.name.toLowerCase(),
      discount: (o: Seeded) => o.discount,
      activation: (o: Seeded) => o.activation.getTime(),
      expiry: (o: Seeded) => o.expiry.getTime(),
    };
    const get = (query: string) =>
      t.request({ method: 'GET', url: `/api/user/admin/offers?${query}`, token: admin.token });
    const ids = (res: { json: () => { offers: { _id: string }[] } }) => res.json().offers.map((o) => o._id);
    for (const sort of OFFER_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        const res = await get(`keyword=graded&limit=25&sort=${sort}&dir=${dir}`);
        expect(res.statusCode, `${sort} ${dir}`).toBe(200);
        expect(ids(res), `${sort} ${dir}`).toEqual(sortedIds(seeded, keys[sort], dir));
      }
    }
    const page2 = await get('keyword=graded&sort=activation&dir=desc&page=2');
    expect(page2.json()).toMatchObject({ total: 7, page: 2, pages: 2 });
    expect(ids(page2)).toEqual(sortedIds(seeded, keys.activation, 'desc').slice(6));
    expect((await get('keyword=graded&limit=50')).json()).toMatchObject({ pages: 1, total: 7 });
    for (const query of ['limit=12', 'limit=-6', 'sort=type', 'sort=minAmountPaise', 'dir=']) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('reads, edits, blocks and deletes an offer', async () => {
    const created = await createOffer(t, { name: 'Edit me' });
    const url = `/api/user/admin/offers/${created.id}`;
    const read = await t.request({ method: 'GET', url, token: admin.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().offer).toMatchObject({ _id: created.id, name: 'Edit me' });

    const edit = await t.request({
      method: 'PUT',
      url: `/api/user/admin/offers/edit/${created.id}`,
      payload: offerBody({ name: 'Edited', discount: '20', minAmount: '1000' }),
      token: admin.token,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Offer updated successfully',
      offer: { name: 'Edited', discount: 20, minAmount: 1000 },
    });
    const badEdit = await t.request({
      method: 'PUT',
      url: `/api/user/admin/offers/edit/${created.id}`,
      payload: offerBody({ discount: 0 }),
      token: admin.token,
    });
    expect(badEdit.json().fields).toEqual({ discount: 'Enter a valid discount' });

    const block = await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
    expect(block.json()).toMatchObject({ message: 'Blocked', offer: { isExist: false, active: false } });
    const all = await t.request({ method: 'GET', url: '/api/user/admin/alloffers/', token: admin.token });
    expect(all.json().offers.map((o: { _id: string }) => o._id)).not.toContain(created.id);
    const unblock = await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
    expect(unblock.json()).toMatchObject({ message: 'Unblocked', offer: { isExist: true } });

    const del = await t.request({ method: 'DELETE', url, token: admin.token });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, token: admin.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [MISSING, 'not-an-id']) {
      const url = `/api/user/admin/offers/${id}`;
      expect((await t.request({ method: 'GET', url, token: admin.token })).statusCode).toBe(404);
      expect((await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token })).statusCode).toBe(404);
      const edit = await t.request({
        method: 'PUT',
        url: `/api/user/admin/offers/edit/${id}`,
        payload: offerBody(),
        token: admin.token,
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe('Offer not found');
    }
  });

  it('lists usable offers of both kinds by name', async () => {
    const product = await createOffer(t, { name: 'AAA product', type: 'products' });
    const category = await createOffer(t, { name: 'AAB category', type: 'category' });
    await createOffer(t, { name: 'AAC blocked', isBlocked: true });
    const res = await t.request({ method: 'GET', url: '/api/user/admin/alloffers/', token: admin.token });
    expect(res.statusCode).toBe(200);
    const names = res.json().offers.map((o: { name: string }) => o.name);
    expect(names.filter((n: string) => n.startsWith('AA'))).toEqual(['AAA product', 'AAB category']);
    expect(names).not.toContain('AAC blocked');
    const ids = res.json().offers.map((o: { _id: string }) => o._id);
    expect(ids).toEqual(expect.arrayContaining([product.id, category.id]));
    // Every field the services give reaches the administrator through the documented response schemas.
    const { db } = t.database;
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
    const get = (url: string) => t.request({ method: 'GET', url: `/api/user/admin${url}`, token: admin.token });
    expect(res.json()).toEqual({ offers: asJson(await usableOffers(db)) });
    expect((await get(`/offers/${product.id}`)).json()).toEqual({ offer: asJson(await getOffer(db, product.id)) });
    expect((await get('/offers?page=1')).json()).toEqual(
      asJson(await listOffers(db, adminOfferListQuery.parse({ page: 1 }))),
    );
  });

  it('unlinks an offer from items of the other kind when its type changes', async () => {
    const offer = await createOffer(t, { type: 'products' });
    const product = await createProduct(t, { offerId: offer.id });
    const res = await t.request({
      method: 'PUT',
      url: `/api/user/admin/offers/edit/${offer.id}`,
      payload: offerBody({ type: 'category' }),
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row.offerId).toBeNull();

    const catOffer = await createOffer(t, { type: 'category' });
    const category = await createCategory(t, { offerId: catOffer.id });
    await t.request({
      method: 'PUT',
      url: `/api/user/admin/offers/edit/${catOffer.id}`,
      payload: offerBody({ type: 'products' }),
      token: admin.token,
    });
    const [cat] = await t.database.db.select().from(categories).where(eq(categories.id, category.id));
    expect(cat.offerId).toBeNull();
  });

  it('keeps every stored price after offer equal to the shared pricing through every offer change', async () => {
    const offer = await createOffer(t, { type: 'products', discount: 10 });
    const catOffer = await createOffer(t, { type: 'category', discount: 5 });
    const category = await createCategory(t, { offerId: catOffer.id });
    const ids: string[] = [];
    for (const pricePaise of [999, 49_950, 150_000]) {
      ids.push((await createProduct(t, { offerId: offer.id, categoryId: category.id, pricePaise })).id);
    }
    const percents = async () => {
      const rows = await t.database.db.select().from(products).where(eq(products.offerId, offer.id));
      return rows.map((r) => r.offerPercent).sort((a, b) => a - b);
    };
    expect(await expectStoredPricesShared(t, ids)).toBe(3);
    expect(await percents()).toEqual([10, 10, 10]);
    const edit = (id: string, body: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/user/admin/offers/edit/${id}`,
        payload: offerBody(body),
        token: admin.token,
      });

    // More off, from ₹400 up: the two dearer products take it, the cheap one keeps the category's 5 %.
    expect((await edit(offer.id, { discount: 40, minAmount: 400 })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([5, 40, 40]);
    // Ended: the category offer alone.
    const ended = {
      activation: new Date(Date.now() - 3 * DAY).toISOString(),
      expiry: new Date(Date.now() - DAY).toISOString(),
    };
    expect((await edit(offer.id, { discount: 40, minAmount: 1, ...ended })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([5, 5, 5]);
    expect((await edit(offer.id, { discount: 25, minAmount: 1 })).statusCode).toBe(200);
    expect(await percents()).toEqual([25, 25, 25]);

    const url = `/api/user/admin/offers/${offer.id}`;
    expect((await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token })).json().offer.isExist).toBe(
      false,
    );
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([5, 5, 5]);
    await t.request({ method: 'PUT', url: `${url}/unblock`, token: admin.token });
    expect(await percents()).toEqual([25, 25, 25]);

    // The category offer changes: every product of the category follows.
    expect((await edit(catOffer.id, { type: 'category', discount: 30, minAmount: 1 })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([30, 30, 30]);
    // Turned into a product offer, it leaves the category: the product offer again.
    expect((await edit(catOffer.id, { type: 'products', discount: 30, minAmount: 1 })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([25, 25, 25]);

    expect((await t.request({ method: 'DELETE', url, token: admin.token })).statusCode).toBe(200);
    await expectStoredPricesShared(t, ids);
    expect(await percents()).toEqual([0, 0, 0]);
  });

  it('unlinking a product offer by a type change gives its products their price without it', async () => {
    const offer = await createOffer(t, { type: 'products', discount: 20 });
    const product = await createProduct(t, { offerId: offer.id, pricePaise: 100_000 });
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/user/admin/offers/edit/${offer.id}`,
          payload: offerBody({ type: 'category', minAmount: 1 }),
          token: admin.token,
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row.finalPricePaise).toBe(100_000);
    await expectStoredPricesShared(t, [product.id]);
  });
});
