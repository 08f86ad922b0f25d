import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { products } from '../../db/schema/catalogue.ts';
import { wishlistOf } from './service.ts';

describe('wishlist', () => {
  let t: TestApp;
  let asha: TestUser;
  let ravi: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    asha = await createUser(t);
    ravi = await createUser(t);
  });
  afterAll(() => t.close());

  const toggle = (payload: object, token?: string) =>
    t.request({ method: 'POST', url: '/api/products/update-wishlist', payload, token });
  const list = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/products/get-wishlist', token })).json().wishlist;

  it('is for signed-in shoppers only', async () => {
    const product = await createProduct(t);
    expect((await toggle({ productId: product.id })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/products/get-wishlist' })).statusCode).toBe(401);
  });

  it('toggles a product in and out, newest first, with the product colour by default', async () => {
    const tote = await createProduct(t, { name: 'Canvas Tote', color: 'Beige' });
    const sling = await createProduct(t, { name: 'Leather Sling', color: 'Brown' });
    const added = await toggle({ productId: tote.id }, asha.token);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Added to Wishlist', added: true });
    await toggle({ productId: sling.id, color: 'Black' }, asha.token);

    const entries = await list(asha.token);
    expect(entries.map((e: { productId: { name: string }; color: string }) => [e.productId.name, e.color])).toEqual([
      ['Leather Sling', 'Black'],
      ['Canvas Tote', 'Beige'],
    ]);
    expect(entries[0].productId).toMatchObject({ _id: sling.id, available: true, finalPrice: 1499 });

    const removed = await toggle({ productId: tote.id }, asha.token);
    expect(removed.json()).toEqual({ message: 'Removed from Wishlist', added: false });
    expect((await list(asha.token)).map((e: { productId: { _id: string } }) => e.productId._id)).toEqual([sling.id]);
  });

  it("keeps each shopper's wishlist to themselves", async () => {
    const bag = await createProduct(t, { name: 'Ravi Bag' });
    await toggle({ productId: bag.id }, ravi.token);
    const mine = await list(ravi.token);
    expect(mine).toHaveLength(1);
    expect(mine[0].productId._id).toBe(bag.id);
    const hers = await list(asha.token);
    expect(hers.map((e: { productId: { _id: string } }) => e.productId._id)).not.toContain(bag.id);
    // Asha toggling the same product adds it to her list only.
    expect((await toggle({ productId: bag.id }, asha.token)).json().added).toBe(true);
    expect(await list(ravi.token)).toHaveLength(1);
  });

  it('refuses to add a blocked product or one of a blocked category, but lets it be removed', async () => {
    const blocked = await createProduct(t, { isBlocked: true });
    const refused = await toggle({ productId: blocked.id }, asha.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This product is currently unavailable');

    const hidden = await createCategory(t, { isBlocked: true });
    expect(
      (await toggle({ productId: (await createProduct(t, { categoryId: hidden.id })).id }, asha.token)).statusCode,
    ).toBe(409);

    const later = await createProduct(t, { name: 'Soon Blocked' });
    await toggle({ productId: later.id }, asha.token);
    await t.database.db.update(products).set({ isBlocked: true }).where(eq(products.id, later.id));
    const shown = (await list(asha.token)).find((e: { productId: { _id: string } }) => e.productId._id === later.id);
    expect(shown.productId).toMatchObject({ available: false, isExist: false });
    expect((await toggle({ productId: later.id }, asha.token)).json()).toEqual({
      message: 'Removed from Wishlist',
      added: false,
    });
  });

  it('drops deleted products from the list and refuses unknown ones', async () => {
    const doomed = await createProduct(t, { name: 'Doomed Bag' });
    await toggle({ productId: doomed.id }, ravi.token);
    await t.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, doomed.id));
    expect((await list(ravi.token)).map((e: { productId: { name: string } }) => e.productId.name)).not.toContain(
      'Doomed Bag',
    );
    const unknown = await toggle({ productId: '00000000-0000-4000-8000-000000000000' }, ravi.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses unknown fields and bad values', async () => {
    const bag = await createProduct(t);
    const extra = await toggle({ productId: bag.id, userId: asha.id }, ravi.token);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields.userId).toBe("Unknown field 'userId'");
    expect((await toggle({ productId: bag.id, color: 'Purple' }, ravi.token)).statusCode).toBe(400);
    expect((await toggle({ productId: 'abc' }, ravi.token)).statusCode).toBe(400);
  });

  it('answers every field the service gives through the documented response schema', async () => {
    const shopper = await createUser(t);
    const bag = await createProduct(t, { name: 'Jute Shopper', color: 'Green' });
    await toggle({ productId: bag.id }, shopper.token);
    const entries = await list(shopper.token);
    expect(entries).toEqual(JSON.parse(JSON.stringify(await wishlistOf(t.database.db, shopper.id))));
    expect(entries[0]).toMatchObject({ color: 'Green', productId: { _id: bag.id, name: 'Jute Shopper' } });
  });
});
