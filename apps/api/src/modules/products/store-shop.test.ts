import type { SortBy } from '@bagshop/shared/catalogue';
import type { ProductCardDto, ProductCardPage } from '@bagshop/shared/catalogue-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findProducts, isAvailable, priceOf } from './product-view.ts';

const MINUTE = 60_000;

describe('shop list', () => {
  let t: TestApp;
  const cat: Record<string, string> = {};
  let created = 0;
  const start = Date.now() - 1000 * MINUTE;
  /** Each product is a minute newer than the one before. */
  const at = () => new Date(start + created++ * MINUTE);

  beforeAll(async () => {
    t = await createTestApp();
    const twentyOff = await createOffer(t, { type: 'category', discount: 20 });
    const tenOff = await createOffer(t, { discount: 10 });
    cat.handbags = (await createCategory(t, { name: 'Handbags' })).id;
    cat.backpacks = (await createCategory(t, { name: 'Backpacks', offerId: twentyOff.id })).id;
    cat.totes = (await createCategory(t, { name: 'Totes', isBlocked: true })).id;
    cat.wallets = (await createCategory(t, { name: 'Wallets' })).id;
    const hb = { categoryId: cat.handbags, brand: 'Hidesign' };
    await createProduct(t, {
      ...hb,
      name: 'Leather Sling',
      color: 'Brown',
      pricePaise: 200_000,
      offerId: tenOff.id,
      createdAt: at(),
    });
    await createProduct(t, { ...hb, name: 'Canvas Clutch', color: 'Red', pricePaise: 100_000, createdAt: at() });
    await createProduct(t, {
      ...hb,
      name: 'Party Clutch',
      color: 'Black',
      pricePaise: 300_000,
      isBlocked: true,
      createdAt: at(),
    });
    const bp = { categoryId: cat.backpacks, brand: 'Wildcraft' };
    await createProduct(t, { ...bp, name: 'Hiking Backpack', color: 'Green', pricePaise: 400_000, createdAt: at() });
    await createProduct(t, { ...bp, name: 'School Backpack', color: 'Blue', pricePaise: 150_000, createdAt: at() });
    await createProduct(t, {
      categoryId: cat.totes,
      name: 'Beach Tote',
      color: 'Yellow',
      pricePaise: 80_000,
      createdAt: at(),
    });
    for (const letter of 'ABCDEFGHIJKLMN') {
      await createProduct(t, {
        categoryId: cat.wallets,
        name: `Wallet ${letter}`,
        brand: 'Baggit',
        color: 'Black',
        pricePaise: 50_000 + letter.charCodeAt(0) * 100,
        createdAt: at(),
      });
    }
    await createProduct(t, { categoryId: cat.wallets, name: 'Old Wallet', deletedAt: new Date(), createdAt: at() });
  });
  afterAll(() => t.close());

  async function shop(query = ''): Promise<ProductCardPage> {
    const res = await t.request({ method: 'GET', url: `/api/products/shop-products${query ? `?${query}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (list: ProductCardDto[]) => list.map((p) => p.name);
  /**
   * The products for sale in the order each sort gives, worked out in JavaScript from the rows and the shared
   * pricing module, independently of the stored price and the indexes.
   */
  async function expectedOrder(sortBy: SortBy, nameHas = ''): Promise<string[]> {
    const now = new Date();
    const found = await findProducts(t.database.db, undefined);
    const rows = found
      .filter((r) => isAvailable(r) && r.product.name.toLowerCase().includes(nameHas))
      .map((r) => ({
        id: r.product.id,
        name: r.product.name,
        created: r.product.createdAt.getTime(),
        final: priceOf(r, now).finalPaise,
      }));
    type Row = (typeof rows)[number];
    const by = (key: (r: Row) => number | string, dir: 1 | -1) => (a: Row, b: Row) =>
      key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0;
    const first = {
      priceLowHigh: by((r) => r.final, 1),
      priceHighLow: by((r) => r.final, -1),
      nameAsc: by((r) => r.name, 1),
      nameDesc: by((r) => r.name, -1),
      newArrivals: () => 0,
    }[sortBy];
    const newest = by((r) => r.created, -1);
    const id = by((r) => r.id, -1);
    return rows.sort((a, b) => first(a, b) || newest(a, b) || id(a, b)).map((r) => r.id);
  }

  async function everything(query: string): Promise<ProductCardDto[]> {
    const first = await shop(query);
    const rest = first.pages > 1 ? await shop(`${query}&page=2`) : { products: [] };
    return [...first.products, ...rest.products];
  }

  it('shows only products for sale, newest first, 12 a page', async () => {
    const page1 = await shop();
    expect(page1).toMatchObject({ total: 18, page: 1, pages: 2 });
    expect(page1.products).toHaveLength(12);
    expect(page1.products[0].name).toBe('Wallet N');
    const page2 = await shop('page=2');
    expect(page2).toMatchObject({ total: 18, page: 2, pages: 2 });
    expect(page2.products).toHaveLength(6);
    const all = [...page1.products, ...page2.products];
    expect(new Set(all.map((p) => p._id)).size).toBe(18);
    expect(names(all)).not.toContain('Party Clutch');
    expect(names(all)).not.toContain('Beach Tote');
    expect(names(all)).not.toContain('Old Wallet');
    expect(all.map((p) => p._id)).toEqual(await expectedOrder('newArrivals'));

    const beyond = await shop('page=3');
    expect(beyond).toEqual({ products: [], total: 18, page: 3, pages: 2 });
  });

  it('filters by several categories', async () => {
    const both = await shop(`category=${cat.handbags}&category=${cat.backpacks}`);
    expect(names(both.products).sort()).toEqual([
      'Canvas Clutch',
      'Hiking Backpack',
      'Leather Sling',
      'School Backpack',
    ]);
    expect((await shop(`category=${cat.backpacks}`)).total).toBe(2);
    expect((await shop(`category=${cat.totes}`)).total).toBe(0);
  });

  it('filters by several colours', async () => {
    const found = await shop('color=Green&color=Red');
    expect(names(found.products).sort()).toEqual(['Canvas Clutch', 'Hiking Backpack']);
    expect((await shop('color=Black')).total).toBe(14);
    expect((await shop('color=Yellow')).total).toBe(0);
  });

  it('filters by the price after offer', async () => {
    // Leather Sling ₹2,000 − 10 % = ₹1,800; School Backpack ₹1,500 − 20 % (category) = ₹1,200.
    expect(names((await shop('minPrice=1100&maxPrice=1800')).products).sort()).toEqual([
      'Leather Sling',
      'School Backpack',
    ]);
    expect(names((await shop('minPrice=1300&maxPrice=1800')).products)).toEqual(['Leather Sling']);
    expect(names((await shop('minPrice=3000')).products)).toEqual(['Hiking Backpack']);
    expect((await shop('maxPrice=999.99')).total).toBe(14);
  });

  it('finds by keyword in the name, brand or part of the name', async () => {
    expect(names((await shop('keyword=backpack')).products).sort()).toEqual(['Hiking Backpack', 'School Backpack']);
    expect(names((await shop('keyword=hidesign')).products).sort()).toEqual(['Canvas Clutch', 'Leather Sling']);
    expect(names((await shop('keyword=hik')).products)).toEqual(['Hiking Backpack']);
    expect(names((await shop('search=clutch')).products)).toEqual(['Canvas Clutch']);
    expect((await shop(`keyword=${encodeURIComponent('100%')}`)).total).toBe(0);
    expect((await shop(`keyword=${encodeURIComponent('_')}`)).total).toBe(0);
    // Search syntax from the box is taken as words, never as an error.
    await shop(`keyword=${encodeURIComponent('"backpack" or -( :* &')}`);
    const combined = await shop(`keyword=backpack&category=${cat.backpacks}&color=Blue&maxPrice=1500`);
    expect(names(combined.products)).toEqual(['School Backpack']);
  });

  it('sorts by price after offer, by name and by newness', async () => {
    const low = await everything('sortBy=priceLowHigh');
    const lowPrices = low.map((p) => p.finalPrice);
    expect(lowPrices).toEqual([...lowPrices].sort((a, b) => a - b));
    expect(low.at(-1)?.name).toBe('Hiking Backpack');

    const high = await everything('sortBy=priceHighLow');
    expect(names(high).slice(0, 3)).toEqual(['Hiking Backpack', 'Leather Sling', 'School Backpack']);
    const highPrices = high.map((p) => p.finalPrice);
    expect(highPrices).toEqual([...highPrices].sort((a, b) => b - a));

    const az = names(await everything('sortBy=nameAsc'));
    expect(az[0]).toBe('Canvas Clutch');
    expect(az).toEqual([...az].sort());
    const za = names(await everything('sortBy=nameDesc'));
    expect(za).toEqual([...az].reverse());

    const fresh = names(await everything('sortBy=newArrivals'));
    expect(fresh).toEqual(names(await everything('')));
  });

  it('gives every order the same products, in the same order, as worked out from the rows', async () => {
    for (const sortBy of ['priceLowHigh', 'priceHighLow', 'nameAsc', 'nameDesc', 'newArrivals'] as const) {
      const ids = (await everything(`sortBy=${sortBy}`)).map((p) => p._id);
      expect(ids, sortBy).toEqual(await expectedOrder(sortBy));
    }
  });

  it('gives the matches of a keyword in every order, over pages, as worked out from the rows', async () => {
    for (const sortBy of ['priceLowHigh', 'priceHighLow', 'nameAsc', 'nameDesc', 'newArrivals'] as const) {
      const first = await shop(`keyword=wallet&sortBy=${sortBy}`);
      expect(first, sortBy).toMatchObject({ total: 14, page: 1, pages: 2 });
      const ids = (await everything(`keyword=wallet&sortBy=${sortBy}`)).map((p) => p._id);
      expect(ids, sortBy).toEqual(await expectedOrder(sortBy, 'wallet'));
    }
    expect(await shop('keyword=wallet&page=3')).toEqual({ products: [], total: 14, page: 3, pages: 2 });
  });

  it('refuses unknown or malformed parameters', async () => {
    for (const query of ['color=Purple', 'sortBy=cheapest', 'page=0', 'category=nope', 'minPrice=abc', 'colour=Red']) {
      const res = await t.request({ method: 'GET', url: `/api/products/shop-products?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
