import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { products } from '../../db/schema/catalogue.ts';
import { priceOf, toProductDto } from './product-view.ts';
import { selectPriced } from './search.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('price after offer in SQL', () => {
  let t: TestApp;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const now = Date.now();
    const productOffers = [
      null,
      await createOffer(t, { discount: 10 }),
      await createOffer(t, { discount: 33 }),
      await createOffer(t, { discount: 50, expiry: new Date(now - DAY), activation: new Date(now - 10 * DAY) }),
      await createOffer(t, { discount: 60, isBlocked: true }),
      await createOffer(t, { discount: 70, activation: new Date(now + DAY), expiry: new Date(now + 9 * DAY) }),
      await createOffer(t, { discount: 25, minAmountPaise: 200_000 }),
      await createOffer(t, { discount: 15, minAmountPaise: 99_900 }),
      await createOffer(t, { discount: 80, deletedAt: new Date() }),
    ];
    const categoryOffers = [
      null,
      await createOffer(t, { type: 'category', discount: 20 }),
      await createOffer(t, { type: 'category', discount: 45, isBlocked: true }),
      await createOffer(t, { type: 'category', discount: 12, minAmountPaise: 150_000 }),
      await createOffer(t, { type: 'category', discount: 40, expiry: new Date(now - 1000), activation: new Date(0) }),
    ];
    const prices = [1, 333, 1_999, 49_950, 99_900, 149_950, 199_999, 250_000, 1_000_000_000];
    for (const categoryOffer of categoryOffers) {
      const category = await createCategory(t, { offerId: categoryOffer?.id ?? null });
      for (const productOffer of productOffers) {
        for (const pricePaise of prices) {
          const p = await createProduct(t, { categoryId: category.id, offerId: productOffer?.id ?? null, pricePaise });
          ids.push(p.id);
        }
      }
    }
  });
  afterAll(() => t.close());

  it('equals the shared pricing module for every kind of offer', async () => {
    const rows = await selectPriced(t.database.db).where(inArray(products.id, ids));
    expect(rows).toHaveLength(ids.length);
    const now = new Date();
    let discounted = 0;
    for (const row of rows) {
      const shared = priceOf(row, now);
      expect(row.finalPaise, `${row.product.pricePaise} paise`).toBe(shared.finalPaise);
      expect(row.finalPaise / 100).toBe(toProductDto(row, now).finalPrice);
      if (shared.discountPaise > 0) discounted++;
    }
    // Both outcomes occur, so the comparison is not only of undiscounted prices.
    expect(discounted).toBeGreaterThan(50);
    expect(discounted).toBeLessThan(rows.length);
  });

  it('filters and sorts the shop on that price', async () => {
    const seen: { finalPrice: number }[] = [];
    for (let page = 1; ; page++) {
      const res = await t.request({
        method: 'GET',
        url: `/api/products/shop-products?sortBy=priceLowHigh&page=${page}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.products);
      if (page >= body.pages) break;
    }
    expect(seen).toHaveLength(ids.length);
    const finals = seen.map((p) => p.finalPrice);
    expect(finals).toEqual([...finals].sort((a, b) => a - b));

    const target = 1_999 - Math.floor(1_999 * 0.33 + 0.5);
    const exact = await t.request({
      method: 'GET',
      url: `/api/products/shop-products?minPrice=${target / 100}&maxPrice=${target / 100}`,
    });
    expect(exact.json().total).toBeGreaterThan(0);
    for (const p of exact.json().products) expect(p.finalPrice).toBe(target / 100);
  });
});
