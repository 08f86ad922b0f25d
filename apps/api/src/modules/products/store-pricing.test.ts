import { asPaise } from '@bagshop/shared/pricing/money';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pricingSettings, products } from '../../db/schema/catalogue.ts';
import { findProducts, toProductDto } from './product-view.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('stored price after offer', () => {
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

  it('equals the shared pricing module for every kind of offer, whoever inserted the product', async () => {
    const discounted = await expectStoredPricesShared(t, ids);
    // Both outcomes occur, so the comparison is not only of undiscounted prices.
    expect(discounted).toBeGreaterThan(50);
    expect(discounted).toBeLessThan(ids.length);
  });

  it('equals the shared pricing module for random prices and offers', async () => {
    const offerTerms = fc.option(
      fc.record({
        discount: fc.integer({ min: 1, max: 100 }),
        startsInHours: fc.integer({ min: -240, max: 240 }),
        lastsHours: fc.integer({ min: 1, max: 480 }),
        minAmountPaise: fc.integer({ min: 0, max: 2_000_000 }),
        isBlocked: fc.boolean(),
        deleted: fc.boolean(),
      }),
      { nil: null },
    );
    type Terms = { discount: number; startsInHours: number; lastsHours: number; minAmountPaise: number };
    const makeOffer = async (
      type: 'products' | 'category',
      terms: (Terms & { isBlocked: boolean; deleted: boolean }) | null,
    ) => {
      if (!terms) return null;
      const activation = new Date(Date.now() + terms.startsInHours * 3_600_000);
      return createOffer(t, {
        type,
        discount: terms.discount,
        activation,
        expiry: new Date(activation.getTime() + terms.lastsHours * 3_600_000),
        minAmountPaise: terms.minAmountPaise,
        isBlocked: terms.isBlocked,
        deletedAt: terms.deleted ? new Date() : null,
      });
    };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000_000 }),
        offerTerms,
        offerTerms,
        async (pricePaise, productTerms, categoryTerms) => {
          const productOffer = await makeOffer('products', productTerms);
          const categoryOffer = await makeOffer('category', categoryTerms);
          const category = await createCategory(t, { offerId: categoryOffer?.id ?? null });
          const p = await createProduct(t, {
            categoryId: category.id,
            offerId: productOffer?.id ?? null,
            pricePaise: asPaise(pricePaise),
          });
          await expectStoredPricesShared(t, [p.id]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('equals the shared pricing module with prices after offers rounded to the rupee, and again without', async () => {
    // The setting copies itself to every product; the stored price and unitPrice() round alike
    // (docs/decisions/060-offer-prices-to-the-rupee.md).
    const setRounding = (roundOfferPrices: boolean) =>
      t.database.db.transaction(async (tx) => {
        await tx
          .insert(pricingSettings)
          .values({ id: 1, roundOfferPrices })
          .onConflictDoUpdate({ target: pricingSettings.id, set: { roundOfferPrices } });
        await tx.update(products).set({ offerRoundsToRupee: roundOfferPrices });
      });
    await setRounding(true);
    const discounted = await expectStoredPricesShared(t, ids);
    expect(discounted).toBeGreaterThan(50);
    const rows = await t.database.db
      .select({ finalPricePaise: products.finalPricePaise, offerPercent: products.offerPercent })
      .from(products)
      .where(inArray(products.id, ids));
    const rounded = rows.filter((r) => r.offerPercent > 0 && r.finalPricePaise >= 100);
    expect(rounded.length).toBeGreaterThan(50);
    expect(rounded.every((r) => r.finalPricePaise % 100 === 0)).toBe(true);
    // A product written while it is on takes the setting from the trigger.
    const later = await createProduct(t, {
      categoryId: (await createCategory(t, { offerId: (await createOffer(t, { type: 'category', discount: 20 })).id }))
        .id,
      pricePaise: 449_900,
    });
    expect(await expectStoredPricesShared(t, [later.id])).toBe(1);
    const [laterRow] = await t.database.db
      .select({ finalPricePaise: products.finalPricePaise })
      .from(products)
      .where(inArray(products.id, [later.id]));
    expect(laterRow.finalPricePaise).toBe(359_900);
    await setRounding(false);
    await expectStoredPricesShared(t, [...ids, later.id]);
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
    expect(seen.length).toBeGreaterThanOrEqual(ids.length);
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

  it('gives a card the same price as the product details', async () => {
    const rows = await findProducts(t.database.db, inArray(products.id, ids.slice(0, 40)));
    const cards = await t.request({ method: 'GET', url: `/api/products/idarray?ids=${ids.slice(0, 40).join(',')}` });
    expect(cards.statusCode).toBe(200);
    const byId = new Map(cards.json().products.map((c: { _id: string }) => [c._id, c]));
    for (const row of rows) {
      const full = toProductDto(row);
      expect(byId.get(row.product.id)).toEqual({
        _id: full._id,
        name: full.name,
        brand: full.brand,
        thumbs: full.thumbs,
        pdImage: full.pdImage,
        price: full.price,
        discountPercent: full.discountPercent,
        finalPrice: full.finalPrice,
        quantity: full.quantity,
        rating: full.rating,
        numReviews: full.numReviews,
        available: full.available,
      });
    }
  });
});
