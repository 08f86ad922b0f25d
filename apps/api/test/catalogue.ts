import crypto from 'node:crypto';
import { asPaise } from '@bagshop/shared/pricing/money';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { categories, offers, products } from '../src/db/schema/catalogue.ts';
import { findProducts, priceOf } from '../src/modules/products/service.ts';
import { openStock } from '../src/modules/stock-ledger/service.ts';
import type { TestApp } from './test-app.ts';

type OfferInsert = typeof offers.$inferInsert;
type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

// Random names alone collided after a few thousand rows (24 bits, the birthday bound); a counter after a per-process
// prefix cannot repeat within a run, and the prefix keeps files that share a database apart.
const processPrefix = crypto.randomBytes(3).toString('hex');
let nameCount = 0;

/** A short name part no other row of this test run has (category names allow 15 characters). */
export function uniqueSuffix(): string {
  nameCount += 1;
  return `${processPrefix}${nameCount.toString(36)}`;
}

/** A live offer row (10% off, no minimum, active from yesterday for 30 days) unless overridden. */
export async function createOffer(
  t: TestApp,
  { minAmountPaise = 0, ...overrides }: Partial<Omit<OfferInsert, 'minAmountPaise'>> & { minAmountPaise?: number } = {},
) {
  const now = Date.now();
  const [row] = await t.database.db
    .insert(offers)
    .values({
      name: `Offer ${uniqueSuffix()}`,
      type: 'products',
      description: 'Festive savings',
      activation: new Date(now - DAY_MS),
      expiry: new Date(now + 30 * DAY_MS),
      discount: 10,
      minAmountPaise: asPaise(minAmountPaise),
      ...overrides,
    })
    .returning();
  return row;
}

/** A live, unblocked category row with a unique name unless overridden. */
export async function createCategory(t: Pick<TestApp, 'database'>, overrides: Partial<CategoryInsert> = {}) {
  const [row] = await t.database.db
    .insert(categories)
    .values({ name: `Cat ${uniqueSuffix()}`, ...overrides })
    .returning();
  return row;
}

/**
 * A live product row (₹1,499.00, 10 in stock, one image) with its opening stock-ledger row, as the product form adds
 * one; creates a category when none is given.
 */
export async function createProduct(
  t: Pick<TestApp, 'database'>,
  { pricePaise = 149_900, ...overrides }: Partial<Omit<ProductInsert, 'pricePaise'>> & { pricePaise?: number } = {},
) {
  const categoryId = overrides.categoryId ?? (await createCategory(t)).id;
  const [row] = await t.database.db
    .insert(products)
    .values({
      name: `Bag ${uniqueSuffix()}`,
      description: 'A sturdy everyday bag',
      pricePaise: asPaise(pricePaise),
      quantity: 10,
      brand: 'Wildcraft',
      color: 'Black',
      size: '30Lx12Bx40Hcm',
      images: [{ large: '/uploads/products/sample.webp', thumb: '/uploads/products/sample-thumb.webp' }],
      ...overrides,
      categoryId,
    })
    .returning();
  await openStock(t.database.db, row.id, { actorId: null });
  return row;
}

/** Every product's stored percent and price after offer against the shared pricing module, now. */
export async function expectStoredPricesShared(t: Pick<TestApp, 'database'>, ids: string[]): Promise<number> {
  const rows = await findProducts(t.database.db, inArray(products.id, ids));
  expect(rows).toHaveLength(ids.length);
  const now = new Date();
  let discounted = 0;
  for (const row of rows) {
    const shared = priceOf(row, now);
    expect(row.product.finalPricePaise, `${row.product.pricePaise} paise`).toBe(shared.finalPaise);
    expect(row.product.offerPercent).toBe(shared.discountPercent);
    if (shared.discountPaise > 0) discounted++;
  }
  return discounted;
}
