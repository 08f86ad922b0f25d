import fs from 'node:fs';
import path from 'node:path';
import { COLORS } from '@bagshop/shared/catalogue';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import { parcelFromSize } from '@bagshop/shared/parcel';
import { categorySchema, productUpdateSchema } from '@bagshop/shared/schemas/catalogue';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { categories, offers, products } from '../db/schema/catalogue.ts';
import { createDiskStorage, UPLOADS_PREFIX } from '../platform/storage.ts';
import { seedCatalogue } from './catalogue.ts';

describe('demo catalogue', () => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestApp();
    uploads = path.join(t.dataDir, 'uploads');
    expect(await seedCatalogue(t.database.db, createDiskStorage(uploads))).toBe(true);
  });
  afterAll(() => t.close());

  const fileOf = (url: string) => path.join(uploads, url.slice(UPLOADS_PREFIX.length));

  it('fills an empty database with about thirty bags in every colour', async () => {
    const rows = await t.database.db.select().from(products);
    const cats = await t.database.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(rows.length).toBeLessThanOrEqual(35);
    expect(new Set(rows.map((p) => p.color))).toEqual(new Set(COLORS));
    expect(rows.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((p) => p.createdAt.toISOString())).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.pricePaise).toBeGreaterThanOrEqual(49_900);
      expect(p.pricePaise).toBeLessThanOrEqual(699_900);
      const form = { ...p, price: p.pricePaise / 100, category: p.categoryId, offer: p.offerId };
      const { name, description, price, category, offer, brand, color, size, quantity } = form;
      const { weightGrams, lengthCm, breadthCm, heightCm } = p;
      const parsed = productUpdateSchema.safeParse({
        name,
        description,
        price,
        category,
        offer,
        brand,
        color,
        size,
        quantity,
        weightGrams,
        lengthCm,
        breadthCm,
        heightCm,
      });
      expect(parsed.error?.issues, p.name).toBeUndefined();
      // A plausible parcel: 300 g to 1.5 kg, the sides the size gives (docs/decisions/038-parcel-sizes.md).
      expect(weightGrams, p.name).toBeGreaterThanOrEqual(300);
      expect(weightGrams, p.name).toBeLessThanOrEqual(1500);
      expect([lengthCm, breadthCm, heightCm], p.name).toEqual(Object.values(parcelFromSize(p.size) ?? {}));
    }
    const weightOf = (category: string) =>
      rows.filter((p) => p.categoryId === cats.find((c) => c.name === category)?.id).map((p) => p.weightGrams);
    // A travel bag outweighs every wallet.
    expect(Math.min(...weightOf('Travel Bags'))).toBeGreaterThan(Math.max(...weightOf('Wallets')));
    expect(cats).toHaveLength(6);
    for (const c of cats) expect(categorySchema.safeParse({ name: c.name }).success, c.name).toBe(true);
    expect(await t.database.db.select().from(offers)).toHaveLength(4);
  });

  it('draws a large and a thumbnail webp picture of each bag on disk', async () => {
    const rows = await t.database.db.select().from(products);
    for (const p of rows) {
      expect(p.images).toHaveLength(1);
      for (const url of [p.images[0].large, p.images[0].thumb]) expect(fs.existsSync(fileOf(url)), url).toBe(true);
    }
    const large = await sharp(fileOf(rows[0].images[0].large)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 1200]);
    const thumb = await sharp(fileOf(rows[0].images[0].thumb)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 400]);
  });

  it('gives the shop live offers, one with an unmet criteria amount and one expired', async () => {
    const all: ProductDto[] = [];
    for (let page = 1; ; page++) {
      const body = (await t.request({ method: 'GET', url: `/api/products/shop-products?page=${page}` })).json();
      all.push(...body.products);
      if (page >= body.pages) break;
    }
    expect(all).toHaveLength((await t.database.db.select().from(products)).length);
    const byName = new Map(all.map((p) => [p.name, p]));
    expect(byName.get('Trail Hiking Backpack')?.discountPercent).toBe(15);
    expect(byName.get('Classic Satchel')?.discountPercent).toBe(20);
    expect(byName.get('Cabin Trolley Bag')?.discountPercent).toBe(25);
    expect(byName.get('Gym Duffel')?.discountPercent).toBe(0);
    expect(byName.get('Market Jute Tote')?.discountPercent).toBe(0);
  });

  it('leaves a catalogue that already has data alone', async () => {
    const before = (await t.database.db.select().from(products)).length;
    expect(await seedCatalogue(t.database.db, createDiskStorage(uploads))).toBe(false);
    expect(await t.database.db.select().from(products)).toHaveLength(before);
  });
});
