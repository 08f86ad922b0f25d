import type { CartDto } from '@bagshop/shared/catalogue-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { categories, products } from '../../db/schema/catalogue.ts';

describe('cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (token: string | undefined, payload: object) =>
    t.request({ method: 'POST', url: '/api/products/add-to-cart', payload, token });
  const update = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/products/update-cart', payload, token });
  const remove = (token: string, id: string) =>
    t.request({ method: 'DELETE', url: `/api/products/remove-cart/${id}`, token });
  const cartOf = async (token: string): Promise<CartDto> =>
    (await t.request({ method: 'GET', url: '/api/products/cart', token })).json();

  it('is for signed-in shoppers only', async () => {
    const bag = await createProduct(t);
    expect((await add(undefined, { productId: bag.id })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/products/cart' })).statusCode).toBe(401);
  });

  it('adds, merges, updates and removes lines, priced by the shared module', async () => {
    const me = await createUser(t);
    const offer = await createOffer(t, { discount: 10 });
    const sling = await createProduct(t, {
      name: 'Leather Sling',
      color: 'Brown',
      pricePaise: 200_000,
      offerId: offer.id,
    });
    const pouch = await createProduct(t, { name: 'Coin Pouch', color: 'Pink', pricePaise: 19_900, quantity: 3 });

    expect(await cartOf(me.token)).toEqual({
      carts: [],
      summary: {
        totalPrice: 0,
        discount: 0,
        tax: 0,
        shipping: 0,
        couponDiscount: 0,
        final: 0,
        pricesIncludeGst: false,
      },
    });

    const first = await add(me.token, { productId: sling.id });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Item added to cart');
    const merged = await add(me.token, { productId: sling.id, qty: 2 });
    expect(merged.json().cart.carts).toEqual([
      {
        _id: expect.any(String),
        productId: sling.id,
        name: 'Leather Sling',
        image: '/uploads/products/sample-thumb.webp',
        color: 'Brown',
        price: 2000,
        discount: 200,
        qty: 3,
        originalQuantity: 10,
        available: true,
      },
    ]);
    // total 6000, discount 600, tax 5 % of what is paid after it (5400) = 270, free shipping, final 5670
    // (CGST Act s. 15(3)(a); docs/decisions/042-gst-on-what-is-paid.md).
    expect(merged.json().cart.summary).toEqual({
      totalPrice: 6000,
      discount: 600,
      tax: 270,
      shipping: 0,
      couponDiscount: 0,
      final: 5670,
      pricesIncludeGst: false,
    });

    await add(me.token, { productId: pouch.id });
    let cart = await cartOf(me.token);
    expect(cart.carts.map((l) => [l.name, l.qty])).toEqual([
      ['Leather Sling', 3],
      ['Coin Pouch', 1],
    ]);
    const pouchLine = cart.carts[1];

    const updated = await update(me.token, { cartId: pouchLine._id, qty: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Quantity updated');
    expect(updated.json().cart.carts[1].qty).toBe(3);
    const tooMany = await update(me.token, { cartId: pouchLine._id, qty: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 3 units are in stock');
    const zero = await update(me.token, { cartId: pouchLine._id, qty: 0 });
    expect(zero.statusCode).toBe(400);

    const removed = await remove(me.token, cart.carts[0]._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Item removed from cart');
    cart = removed.json().cart;
    expect(cart.carts.map((l) => l.name)).toEqual(['Coin Pouch']);
    // ₹199 × 3 = ₹597; tax ₹29.85; below ₹700, so ₹50 shipping.
    expect(cart.summary).toEqual({
      totalPrice: 597,
      discount: 0,
      tax: 29.85,
      shipping: 50,
      couponDiscount: 0,
      final: 676.85,
      pricesIncludeGst: false,
    });
    expect((await remove(me.token, cart.carts[0]._id)).json().cart.carts).toEqual([]);
  });

  it('caps a line at five units and at the stock, with the shop messages', async () => {
    const me = await createUser(t);
    const plenty = await createProduct(t, { quantity: 40 });
    const few = await createProduct(t, { quantity: 2 });
    const none = await createProduct(t, { quantity: 0 });

    expect((await add(me.token, { productId: plenty.id, qty: 5 })).statusCode).toBe(201);
    const sixth = await add(me.token, { productId: plenty.id });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('You can only add up to 5 units of this product');
    const six = await add(me.token, { productId: plenty.id, qty: 6 });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('You can only add up to 5 units of this product');

    expect((await add(me.token, { productId: few.id, qty: 2 })).statusCode).toBe(201);
    const third = await add(me.token, { productId: few.id });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Only 2 units are in stock');
    // Past both caps, the lower one is named: the stock of 2, not the 5 units.
    const many = await add(me.token, { productId: few.id, qty: 4 });
    expect(many.json().message).toBe('Only 2 units are in stock');
    const single = await createProduct(t, { quantity: 1 });
    expect((await add(me.token, { productId: single.id, qty: 2 })).json().message).toBe('Only 1 unit is in stock');

    const empty = await add(me.token, { productId: none.id });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Product is out of stock');

    const cart = await cartOf(me.token);
    expect(cart.carts.map((l) => l.qty)).toEqual([5, 2]);
  });

  it('holds the caps against parallel requests', async () => {
    const me = await createUser(t);
    const five = await createProduct(t, { quantity: 5 });
    const results = await Promise.all(Array.from({ length: 10 }, () => add(me.token, { productId: five.id })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('You can only add up to 5 units of this product');
    }
    expect((await cartOf(me.token)).carts.map((l) => l.qty)).toEqual([5]);

    const three = await createProduct(t, { quantity: 3 });
    const raced = await Promise.all(Array.from({ length: 10 }, () => add(me.token, { productId: three.id })));
    expect(raced.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of raced.filter((x) => x.statusCode !== 201)) {
      expect(r.json().message).toBe('Only 3 units are in stock');
    }
    expect((await cartOf(me.token)).carts.map((l) => l.qty)).toEqual([5, 3]);
  });

  it('refuses unavailable products and shows lines that became unavailable outside the summary', async () => {
    const me = await createUser(t);
    const blocked = await createProduct(t, { isBlocked: true });
    const refused = await add(me.token, { productId: blocked.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This product is currently unavailable');
    const hidden = await createCategory(t, { isBlocked: true });
    const inHidden = await createProduct(t, { categoryId: hidden.id });
    expect((await add(me.token, { productId: inHidden.id })).json().message).toBe(
      'This product is currently unavailable',
    );
    expect((await add(me.token, { productId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const deleted = await createProduct(t);
    await t.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    expect((await add(me.token, { productId: deleted.id })).statusCode).toBe(404);

    const keep = await createProduct(t, { name: 'Kept Bag', pricePaise: 100_000 });
    const soonGone = await createProduct(t, { name: 'Soon Blocked', pricePaise: 300_000 });
    const category = await createCategory(t);
    const soonHidden = await createProduct(t, { name: 'Soon Hidden', categoryId: category.id, pricePaise: 50_000 });
    for (const p of [keep, soonGone, soonHidden]) await add(me.token, { productId: p.id });
    await t.database.db.update(products).set({ isBlocked: true }).where(eq(products.id, soonGone.id));
    await t.database.db.update(categories).set({ isBlocked: true }).where(eq(categories.id, category.id));

    // A line already in the cart grows no more once its bag is off sale.
    const again = await add(me.token, { productId: soonGone.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This product is currently unavailable');

    const cart = await cartOf(me.token);
    expect(cart.carts.map((l) => l.qty)).toEqual([1, 1, 1]);
    expect(cart.carts.map((l) => [l.name, l.available])).toEqual([
      ['Kept Bag', true],
      ['Soon Blocked', false],
      ['Soon Hidden', false],
    ]);
    expect(cart.summary).toMatchObject({ totalPrice: 1000, tax: 50, shipping: 0, final: 1050 });
    const blockedLine = cart.carts[1];
    const bump = await update(me.token, { cartId: blockedLine._id, qty: 2 });
    expect(bump.statusCode).toBe(409);
    expect(bump.json().message).toBe('This product is currently unavailable');
    expect((await remove(me.token, blockedLine._id)).statusCode).toBe(200);
  });

  it("never touches another shopper's line", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const bag = await createProduct(t);
    const line = (await add(owner.token, { productId: bag.id })).json().cart.carts[0];
    expect((await cartOf(other.token)).carts).toEqual([]);

    const upd = await update(other.token, { cartId: line._id, qty: 2 });
    expect(upd.statusCode).toBe(404);
    const del = await remove(other.token, line._id);
    expect(del.statusCode).toBe(404);
    expect((await remove(other.token, 'not-an-id')).statusCode).toBe(404);
    expect((await cartOf(owner.token)).carts.map((l) => l.qty)).toEqual([1]);
  });

  it('refuses unknown fields', async () => {
    const me = await createUser(t);
    const bag = await createProduct(t);
    const withPrice = await add(me.token, { productId: bag.id, qty: 1, price: 1 });
    expect(withPrice.statusCode).toBe(400);
    expect(withPrice.json().fields.price).toBe("Unknown field 'price'");
    const line = (await add(me.token, { productId: bag.id })).json().cart.carts[0];
    const withUser = await update(me.token, { cartId: line._id, qty: 2, userId: me.id });
    expect(withUser.statusCode).toBe(400);
    expect(withUser.json().fields.userId).toBe("Unknown field 'userId'");
  });
});
