import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct, expectStoredPricesShared } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { pricingSettings, products } from '../../db/schema/catalogue.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from '../orders/order-fixtures.ts';

/**
 * The administrator's setting that rounds prices after offers down to the rupee, off by default
 * (docs/decisions/060-offer-prices-to-the-rupee.md): the shop, the product page, the cart and a new order show and
 * charge the same figure, on a real PostgreSQL.
 */
describe('prices after offers rounded to the rupee', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: Shopper;
  let categoryId = '';
  let offerId = '';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    shopper = await createShopper(t);
    categoryId = (await createCategory(t, { name: 'Rounding' })).id;
    offerId = (await createOffer(t, { discount: 20 })).id;
  });
  afterAll(() => t.close());

  const setRounding = async (roundOfferPrices: boolean) => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/admin/price-rounding',
      token: admin.token,
      payload: { roundOfferPrices },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.responseCache.settled();
    return res.json();
  };

  /** ₹4,499 with 20% off: ₹3,599.20 exactly, ₹3,599 rounded. */
  const addTote = (name: string, pricePaise = 449_900) =>
    createProduct(t, { categoryId, offerId, name, pricePaise, quantity: 20 });

  async function cardPrice(name: string): Promise<number | undefined> {
    const res = await t.request({
      method: 'GET',
      url: `/api/products/shop-products?keyword=${encodeURIComponent(name)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductCardPage>().products.find((p) => p.name === name)?.finalPrice;
  }

  async function detailsPrice(id: string) {
    const res = await t.request({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().product as { finalPrice: number; discount: number };
  }

  it('is off by default: a price after an offer keeps its paise everywhere', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user/admin/price-rounding', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ roundOfferPrices: false });
    const tote = await addTote('Paisa Tote');
    expect(await cardPrice('Paisa Tote')).toBe(3599.2);
    expect((await detailsPrice(tote.id)).finalPrice).toBe(3599.2);
  });

  it('rounds every price after an offer down to the rupee once on, in the shop, the product page, the cart and the order', async () => {
    const before = await addTote('Rupee Tote');
    const plain = await createProduct(t, { categoryId, name: 'Plain Paisa Tote', pricePaise: 129_950 });
    expect(await setRounding(true)).toEqual({ message: CATALOGUE_MSG.roundingOn, roundOfferPrices: true });
    const after = await addTote('Later Tote');

    for (const [name, id] of [
      ['Rupee Tote', before.id],
      ['Later Tote', after.id],
    ] as const) {
      expect(await cardPrice(name)).toBe(3599);
      expect((await detailsPrice(id)).finalPrice).toBe(3599);
    }
    // No offer, nothing to round: the owner's own price stands.
    expect(await cardPrice('Plain Paisa Tote')).toBe(1299.5);
    await expectStoredPricesShared(t, [before.id, after.id, plain.id]);

    await fundWallet(t, shopper.id, 2_000_000);
    await putInCart(t, shopper.id, [{ productId: before.id, qty: 2 }]);
    const cart = await t.request({ method: 'GET', url: '/api/products/cart', token: shopper.token });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart.json().carts.find((l: { productId: string }) => l.productId === before.id);
    expect(line).toMatchObject({ price: 4499, discount: 900 });
    expect(cart.json().summary.discount).toBe(1800);

    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: shopper.token,
      payload: { addressId: shopper.addressId, paymentMethod: 'wallet' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await t.request({
      method: 'GET',
      url: `/api/orders/${placed.json().order._id}`,
      token: shopper.token,
    });
    expect(order.statusCode, order.body).toBe(200);
    const [item] = order.json().order.items;
    // ₹4,499 less ₹900 a unit: the shopper gets at least the 20% the offer promises (₹899.80).
    expect(item.discount).toBe(900);
  });

  it('takes the paise back when turned off, and records each change in the audit log', async () => {
    expect(await setRounding(false)).toEqual({ message: CATALOGUE_MSG.roundingOff, roundOfferPrices: false });
    expect(await cardPrice('Rupee Tote')).toBe(3599.2);
    // Asking again for what is already set changes nothing and records nothing.
    await setRounding(false);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'price-rounding'));
    expect(entries.map((e) => e.after)).toEqual([{ roundOfferPrices: true }, { roundOfferPrices: false }]);
    expect(entries.every((e) => e.adminId === admin.id)).toBe(true);
  });

  it('never makes a price under one rupee free', async () => {
    await setRounding(true);
    const tiny = await createProduct(t, { categoryId, offerId, name: 'Tiny Coin Pouch', pricePaise: 99 });
    await expectStoredPricesShared(t, [tiny.id]);
    const [row] = await t.database.db
      .select({ finalPricePaise: products.finalPricePaise })
      .from(products)
      .where(eq(products.id, tiny.id));
    expect(row.finalPricePaise).toBe(79);
    await setRounding(false);
  });

  it('leaves no product with the old setting when products are written while it changes, the first time too', async () => {
    // No row yet, as in a shop whose owner never touched the setting: there is no row to lock.
    await t.database.db.delete(pricingSettings);
    const writes = Array.from({ length: 12 }, (_, i) => addTote(`Race Tote ${i}`));
    const [, ...created] = await Promise.all([setRounding(true), ...writes]);
    const ids = created.map((p) => p.id);
    const rows = await t.database.db
      .select({ flag: products.offerRoundsToRupee, finalPricePaise: products.finalPricePaise })
      .from(products)
      .where(inArray(products.id, ids));
    expect(rows.every((r) => r.flag && r.finalPricePaise === 359_900)).toBe(true);
    await expectStoredPricesShared(t, ids);
    await setRounding(false);
  });

  it('is for administrators only, and takes nothing but a true or false', async () => {
    const visitor = await t.request({ method: 'GET', url: '/api/user/admin/price-rounding' });
    expect(visitor.statusCode).toBe(401);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.request({
        method,
        url: '/api/user/admin/price-rounding',
        token: shopper.token,
        ...(method === 'PUT' ? { payload: { roundOfferPrices: true } } : {}),
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
    }
    for (const payload of [{}, { roundOfferPrices: 'yes' }, { roundOfferPrices: true, extra: 1 }, null, []]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/user/admin/price-rounding',
        token: admin.token,
        payload: payload as never,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = await t.request({ method: 'GET', url: '/api/user/admin/price-rounding', token: admin.token });
    expect(after.json()).toEqual({ roundOfferPrices: false });
  });
});
