import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import {
  newProducts,
  productDetail,
  productsByIds,
  relatedProducts,
  shopPage,
  topProducts,
} from './catalogue-service.ts';

const MINUTE = 60_000;

describe('storefront product lists and details', () => {
  let t: TestApp;
  let bagsId: string;
  let walletsId: string;
  const bags: string[] = [];
  let blocked: string;
  let deleted: string;
  let inBlockedCategory: string;
  let created = 0;
  const at = () => new Date(Date.now() - 1000 * MINUTE + created++ * MINUTE);

  beforeAll(async () => {
    t = await createTestApp();
    bagsId = (await createCategory(t, { name: 'Handbags' })).id;
    walletsId = (await createCategory(t, { name: 'Wallets' })).id;
    const hidden = await createCategory(t, { name: 'Totes', isBlocked: true });
    for (let i = 0; i < 8; i++) {
      bags.push((await createProduct(t, { categoryId: bagsId, name: `Handbag ${i}`, createdAt: at() })).id);
    }
    await createProduct(t, { categoryId: walletsId, name: 'Slim Wallet', createdAt: at() });
    blocked = (await createProduct(t, { categoryId: bagsId, name: 'Blocked Bag', isBlocked: true, createdAt: at() }))
      .id;
    deleted = (await createProduct(t, { categoryId: bagsId, name: 'Gone Bag', deletedAt: new Date(), createdAt: at() }))
      .id;
    inBlockedCategory = (await createProduct(t, { categoryId: hidden.id, name: 'Beach Tote', createdAt: at() })).id;
  });
  afterAll(() => t.close());

  async function get(url: string) {
    const res = await t.request({ method: 'GET', url: `/api/products${url}` });
    return { status: res.statusCode, body: res.json() };
  }
  const names = (list: ProductDto[]) => list.map((p) => p.name);

  it('lists the six newest products for sale', async () => {
    const { status, body } = await get('/new');
    expect(status).toBe(200);
    expect(names(body.all)).toEqual(['Slim Wallet', 'Handbag 7', 'Handbag 6', 'Handbag 5', 'Handbag 4', 'Handbag 3']);
  });

  it('lists the five best sellers, newest first among equals', async () => {
    expect(names((await get('/top')).body.products)).toEqual([
      'Slim Wallet',
      'Handbag 7',
      'Handbag 6',
      'Handbag 5',
      'Handbag 4',
    ]);
    await t.database.db.update(products).set({ unitsSold: 3 }).where(eq(products.id, bags[1]));
    await t.database.db.update(products).set({ unitsSold: 9 }).where(eq(products.id, bags[0]));
    await t.database.db.update(products).set({ unitsSold: 50 }).where(eq(products.id, blocked));
    expect(names((await get('/top')).body.products)).toEqual([
      'Handbag 0',
      'Handbag 1',
      'Slim Wallet',
      'Handbag 7',
      'Handbag 6',
    ]);
  });

  it('lists up to six related products of the same category, without the product itself', async () => {
    const { status, body } = await get(`/related/${bags[7]}`);
    expect(status).toBe(200);
    expect(names(body.products)).toEqual([
      'Handbag 6',
      'Handbag 5',
      'Handbag 4',
      'Handbag 3',
      'Handbag 2',
      'Handbag 1',
    ]);
    expect(bags).toEqual(expect.arrayContaining(body.products.map((p: ProductDto) => p._id)));
    expect((await get(`/related/${bags[0]}`)).body.products).toHaveLength(6);
    expect(names((await get(`/related/${bags[0]}`)).body.products)).not.toContain('Blocked Bag');
    expect((await get(`/related/${deleted}`)).status).toBe(404);
    expect((await get('/related/not-an-id')).status).toBe(404);
  });

  it('reads products by a list of ids, for sale or not, in the order asked', async () => {
    const { status, body } = await get(`/idarray?ids=${blocked},${bags[2]},${deleted},${inBlockedCategory}`);
    expect(status).toBe(200);
    expect(body.products.map((p: ProductDto) => [p.name, p.available])).toEqual([
      ['Blocked Bag', false],
      ['Handbag 2', true],
      ['Beach Tote', false],
    ]);
    const many = Array.from({ length: 51 }, () => bags[0]).join(',');
    expect((await get(`/idarray?ids=${many}`)).status).toBe(400);
    expect((await get('/idarray?ids=')).body.products).toEqual([]);
  });

  it('shows a product with its price after offer', async () => {
    const offer = await createOffer(t, { discount: 25 });
    const priced = await createProduct(t, { categoryId: walletsId, pricePaise: 199_900, offerId: offer.id });
    const { status, body } = await get(`/${priced.id}`);
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      _id: priced.id,
      price: 1999,
      discountPercent: 25,
      discount: 499.75,
      finalPrice: 1499.25,
      available: true,
      isExist: true,
      reviews: [],
      offer: { _id: offer.id, discount: 25, active: true },
      category: { _id: walletsId, name: 'Wallets', isExist: true },
    });
    expect(body.product.reviewedByMe).toBeUndefined();
  });

  it('still shows a blocked product or one of a blocked category, marked unavailable', async () => {
    const own = await get(`/${blocked}`);
    expect(own.status).toBe(200);
    expect(own.body.product).toMatchObject({ name: 'Blocked Bag', isExist: false, available: false });
    const viaCategory = await get(`/${inBlockedCategory}`);
    expect(viaCategory.body.product).toMatchObject({ isExist: true, available: false, category: { isExist: false } });
  });

  it('answers 404 for deleted, unknown or malformed ids', async () => {
    for (const id of [deleted, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await get(`/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Product not found');
    }
  });

  it('drops a product from every list once its category is blocked', async () => {
    await t.database.db.update(categories).set({ isBlocked: true }).where(eq(categories.id, walletsId));
    expect(names((await get('/new')).body.all)).not.toContain('Slim Wallet');
    expect(names((await get('/top')).body.products)).not.toContain('Slim Wallet');
    expect(names((await get('/shop-products')).body.products)).not.toContain('Slim Wallet');
    await t.database.db.update(categories).set({ isBlocked: false }).where(eq(categories.id, walletsId));
  });

  it('answers every field the services give, offers included, through the documented response schemas', async () => {
    const offer = await createOffer(t, { type: 'products', discount: 10 });
    const onOffer = await createProduct(t, { categoryId: walletsId, name: 'Offer Wallet', offerId: offer.id });
    const { db } = t.database;
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
    const noFilters = { page: 1, category: [], color: [] };
    expect((await get('/shop-products')).body).toEqual(asJson(await shopPage(db, noFilters)));
    expect((await get('/new')).body).toEqual({ all: asJson(await newProducts(db)) });
    expect((await get('/top')).body).toEqual({ products: asJson(await topProducts(db)) });
    expect((await get(`/related/${bags[0]}`)).body).toEqual({ products: asJson(await relatedProducts(db, bags[0])) });
    const ids = [onOffer.id, bags[1]];
    expect((await get(`/idarray?ids=${ids.join(',')}`)).body).toEqual({
      products: asJson(await productsByIds(db, ids)),
    });
    const detail = (await get(`/${onOffer.id}`)).body;
    expect(detail).toEqual({ product: asJson(await productDetail(db, onOffer.id)) });
    expect(detail.product.offer).toMatchObject({ _id: offer.id, discount: 10, active: true });
  });
});
