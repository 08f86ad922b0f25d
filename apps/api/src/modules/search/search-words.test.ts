import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import type { SuggestAnswer } from '@bagshop/shared/schemas/search';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../../db/schema/catalogue.ts';
import { searchWords } from '../../db/schema/search.ts';
import { stockMovements } from '../../db/schema/stock.ts';

const MINUTE = 60_000;

/**
 * The words of the names of the products for sale, kept by triggers on `products`, and the typo search and the
 * suggestions that read them (docs/decisions/048-search-that-forgives.md, amendment of 2026-12-03), on a real
 * PostgreSQL.
 */
describe('the words of product names', () => {
  let t: TestApp;
  let admin: TestUser;
  let categoryId = '';
  const start = Date.now() - 1000 * MINUTE;
  let created = 0;
  const at = () => new Date(start + created++ * MINUTE);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    categoryId = (await createCategory(t, { name: 'Everyday' })).id;
  });
  afterAll(() => t.close());

  /** Written straight to the database: the cached answers are dropped once the change has reached the shop. */
  const settled = () => t.app.responseCache.settled();
  const add = async (name: string, more: Parameters<typeof createProduct>[1] = {}) => {
    const row = await createProduct(t, { categoryId, name, createdAt: at(), ...more });
    await settled();
    return row;
  };

  /** The table as it is. */
  async function table(): Promise<Record<string, number>> {
    const rows = await t.database.db.select().from(searchWords);
    return Object.fromEntries(rows.map((r) => [r.word, r.products]));
  }

  /** The table as it should be, worked out again from every product. */
  async function recounted(): Promise<Record<string, number>> {
    const { rows } = await t.database.db.execute<{ word: string; products: number }>(sql`
      select word, count(*)::int as products
      from ${products}, unnest(tsvector_to_array(to_tsvector('simple', ${products.name}))) as word
      where ${products.deletedAt} is null and not ${products.isBlocked}
      group by word`);
    return Object.fromEntries(rows.map((r) => [r.word, r.products]));
  }

  async function expectTableRight() {
    expect(await table()).toEqual(await recounted());
  }

  async function shop(keyword: string): Promise<ProductCardPage> {
    const res = await t.request({
      method: 'GET',
      url: `/api/products/shop-products?keyword=${encodeURIComponent(keyword)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (page: ProductCardPage) => page.products.map((p) => p.name);
  const nothing = { products: [], total: 0, page: 1, pages: 0 };

  async function suggested(q: string): Promise<string[]> {
    const res = await t.request({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SuggestAnswer>().suggestions.map((s) => s.name);
  }

  const block = async (id: string) => {
    const res = await t.request({ method: 'PUT', url: `/api/products/${id}/unblock`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
  };
  const remove = async (id: string) => {
    const res = await t.request({ method: 'DELETE', url: `/api/products/${id}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('holds each word of the names for sale once, with how many products have it', async () => {
    await add('Zebra Clutch');
    await add('Zebra Wallet');
    await add('Hidden Parasol', { isBlocked: true });
    await add('Gone Umbrella', { deletedAt: new Date() });
    expect(await table()).toMatchObject({ zebra: 2, clutch: 1, wallet: 1 });
    expect(Object.keys(await table())).not.toContain('parasol');
    expect(Object.keys(await table())).not.toContain('umbrella');
    await expectTableRight();
  });

  it('follows a rename: the new words are found, the old ones no longer lead to the product', async () => {
    const sling = await add('Ocelot Sling');
    expect(names(await shop('ocelt'))).toEqual(['Ocelot Sling']);
    expect(await suggested('oce')).toEqual(['Ocelot Sling']);

    await t.database.db
      .update(products)
      .set({ name: 'Wombat Sling', updatedAt: new Date() })
      .where(eq(products.id, sling.id));
    await settled();
    await expectTableRight();
    expect(Object.keys(await table())).not.toContain('ocelot');

    const renamed = await shop('wombatt');
    expect(names(renamed)).toEqual(['Wombat Sling']);
    expect(renamed).toMatchObject({ nearMatches: 1, didYouMean: 'wombat' });
    expect(await suggested('wom')).toEqual(['Wombat Sling']);
    expect(await suggested('wombatt')).toEqual(['Wombat Sling']);

    expect(await shop('ocelt')).toEqual(nothing);
    expect(await suggested('oce')).toEqual([]);
    expect(await suggested('ocelt')).toEqual([]);
  });

  it('leaves out the words of a blocked product that no product for sale has, and takes them back unblocked', async () => {
    const quokka = await add('Quokka Tote');
    await add('Jute Tote');
    expect(names(await shop('quoka'))).toEqual(['Quokka Tote']);

    await block(quokka.id);
    await expectTableRight();
    expect(await table()).toMatchObject({ tote: 1 });
    expect(Object.keys(await table())).not.toContain('quokka');
    expect(await shop('quoka')).toEqual(nothing);
    expect(await suggested('quok')).toEqual([]);
    expect(await suggested('quoka')).toEqual([]);

    await block(quokka.id);
    await expectTableRight();
    expect(await table()).toMatchObject({ quokka: 1, tote: 2 });
    const back = await shop('quoka');
    expect(names(back)).toEqual(['Quokka Tote']);
    expect(back.didYouMean).toBe('quokka');
  });

  it('keeps a deleted product’s word while another product for sale has it, and drops it with the last one', async () => {
    const [clutch] = await t.database.db.select().from(products).where(eq(products.name, 'Zebra Clutch'));
    const [wallet] = await t.database.db.select().from(products).where(eq(products.name, 'Zebra Wallet'));

    await remove(clutch.id);
    await expectTableRight();
    expect(await table()).toMatchObject({ zebra: 1 });
    expect(Object.keys(await table())).not.toContain('clutch');
    const zebra = await shop('zebar');
    expect(names(zebra)).toEqual(['Zebra Wallet']);
    expect(zebra.didYouMean).toBe('zebra');

    await remove(wallet.id);
    await expectTableRight();
    expect(Object.keys(await table())).not.toContain('zebra');
    expect(await shop('zebar')).toEqual(nothing);
    expect(await suggested('zeb')).toEqual([]);
  });

  it('counts a product removed from the table outright', async () => {
    const gone = await add('Tapir Duffel');
    expect(await table()).toMatchObject({ tapir: 1 });
    // Its opening stock row goes first (the ledger keeps its products).
    await t.database.db.delete(stockMovements).where(eq(stockMovements.productId, gone.id));
    await t.database.db.delete(products).where(eq(products.id, gone.id));
    await settled();
    await expectTableRight();
    expect(Object.keys(await table())).not.toContain('tapir');
  });

  it('puts the names with the closest word first, then the shop’s order', async () => {
    // Newest first would put the satchels first; "satchel" is closer to what was typed.
    await add('Jute Satchel');
    await add('Canvas Satchels');
    const page = await shop('satchl');
    expect(names(page)).toEqual(['Jute Satchel', 'Canvas Satchels']);
    expect(page).toMatchObject({ total: 2, pages: 1, nearMatches: 2, didYouMean: 'satchel' });
  });

  it('asks every word typed to be found, itself or a close word', async () => {
    await add('Leather Satchel');
    expect(names(await shop('lether satchl'))).toEqual(['Leather Satchel']);
    expect(await shop('lether xyzzy')).toEqual(nothing);
  });

  it('reads a word typed with a hyphen as its parts, as the names’ words are', async () => {
    // "lether-satchl" is one token and two words to the full-text parser; the names hold the words.
    expect(names(await shop('leather-satchel'))).toContain('Leather Satchel');
    expect(names(await shop('lether-satchl'))).toEqual(['Leather Satchel']);
  });
});
