import crypto from 'node:crypto';
import type { CartDto } from '@bagshop/shared/catalogue-types';
import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { asPaise } from '@bagshop/shared/pricing/money';
import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer, createProduct } from '../../../test/catalogue.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { cartCoupons, couponRedemptions, coupons, referrals } from '../../db/schema/coupons.ts';
import { orders } from '../../db/schema/orders.ts';
import { cartOf } from '../cart/service.ts';
import { createShopper, putInCart, recordingRealtime, type Shopper } from '../orders/order-fixtures.ts';
import { moveLockedItems } from '../orders/order-transitions.ts';
import { expireUnpaidOrders } from '../payments/service.ts';
import { openCoupons } from './shopper-service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('shopper coupons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function createCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}) {
    // Names are unique among live coupons, and the name is the code (as the admin service stores it).
    const name = `Monsoon ${crypto.randomBytes(3).toString('hex')}`;
    const [row] = await t.database.db
      .insert(coupons)
      .values({
        code: name,
        name,
        description: 'Off travel bags',
        activation: new Date(Date.now() - DAY),
        expiry: new Date(Date.now() + 10 * DAY),
        discount: 20,
        minAmountPaise: asPaise(50_000),
        maxAmountPaise: asPaise(10_000),
        usageLimit: 10,
        ...overrides,
      })
      .returning();
    return row;
  }
  const couponRow = async (id: string) => (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0];
  const apply = (s: { token: string }, code: string) =>
    t.request({ method: 'POST', url: '/api/user/applyCoupon', token: s.token, payload: { code } });
  const cart = async (s: { token: string }) =>
    (await t.request({ method: 'GET', url: '/api/products/cart', token: s.token })).json() as CartDto;
  const place = (s: Shopper, paymentMethod = 'cod') =>
    t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod },
    });
  /** A shopper with a ₹1,000 bag at 10 % off in the cart: ₹900 after offers. */
  async function shopperWithCart() {
    const s = await createShopper(t);
    const offer = await createOffer(t, { discount: 10 });
    const bag = await createProduct(t, { pricePaise: asPaise(100_000), offerId: offer.id });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    return s;
  }

  it('needs a signed-in shopper', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/coupons' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user/applyCoupon', payload: { code: 'X' } })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: 'POST', url: '/api/user/removecoupon', payload: {} })).statusCode).toBe(401);
  });

  it('lists only the coupons open to this shopper', async () => {
    const s = await createShopper(t);
    const referred = await createUser(t);
    await t.database.db.insert(referrals).values({ referredUserId: referred.id, referrerId: s.id });
    const open = await createCoupon();
    const inactive = await createCoupon({ status: false });
    const blocked = await createCoupon({ isBlocked: true });
    const deleted = await createCoupon({ deletedAt: new Date() });
    const future = await createCoupon({ activation: new Date(Date.now() + DAY) });
    const expired = await createCoupon({
      activation: new Date(Date.now() - 5 * DAY),
      expiry: new Date(Date.now() - 1),
    });
    const usedUp = await createCoupon({ usageLimit: 2, usedCount: 2 });
    const alreadyUsed = await createCoupon();
    const { order } = await insertOrder(t, s.id);
    await t.database.db.insert(couponRedemptions).values({ couponId: alreadyUsed.id, userId: s.id, orderId: order.id });
    const referral = await createCoupon({ isReferral: true });

    const listed = async (token: string) => {
      const res = await t.request({ method: 'GET', url: '/api/user/coupons', token });
      const ids = (res.json().coupons as CouponDto[]).map((c) => c._id);
      return [open, inactive, blocked, deleted, future, expired, usedUp, alreadyUsed, referral]
        .filter((c) => ids.includes(c.id))
        .map((c) => c.id);
    };
    expect(await listed(s.token)).toEqual([open.id]);
    // Every field the service gives reaches the shopper through the documented response schema.
    const answer = (await t.request({ method: 'GET', url: '/api/user/coupons', token: s.token })).json();
    expect(answer).toEqual({ coupons: JSON.parse(JSON.stringify(await openCoupons(t.database.db, s.id))) });
    expect(await listed(referred.token)).toEqual([open.id, alreadyUsed.id, referral.id]);

    const shopperWithItems = await shopperWithCart();
    for (const [c, message] of [
      [inactive, COUPON_MSG.inactive],
      [blocked, COUPON_MSG.invalidCode],
      [deleted, COUPON_MSG.invalidCode],
      [future, COUPON_MSG.notStarted],
      [expired, COUPON_MSG.expired],
      [usedUp, COUPON_MSG.fullyUsed],
      [referral, COUPON_MSG.invalidCode],
    ] as const) {
      const res = await apply(shopperWithItems, c.code);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.code).toBe(message);
    }
    expect((await apply(shopperWithItems, 'NOSUCHXX')).json().fields.code).toBe(COUPON_MSG.invalidCode);
  });

  it('applies a coupon against the cart after offers, capped at its maximum, and removes it', async () => {
    const s = await shopperWithCart();
    const tooHigh = await createCoupon({ minAmountPaise: asPaise(95_000) });
    const refused = await apply(s, tooHigh.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.code).toBe(COUPON_MSG.minAmount(asPaise(95_000)));

    const coupon = await createCoupon({
      minAmountPaise: asPaise(90_000),
      discount: 20,
      maxAmountPaise: asPaise(10_000),
    });
    const unknownField = await t.request({
      method: 'POST',
      url: '/api/user/applyCoupon',
      token: s.token,
      payload: { code: coupon.code, couponDiscount: 900 },
    });
    expect(unknownField.statusCode).toBe(400);

    const res = await apply(s, ` ${coupon.name.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    // total 1000, offer 100; 20 % of 900 = 180 capped at 100; tax 5 % of the 800 paid = 40, free shipping; final 840
    const expected = {
      summary: {
        totalPrice: 1000,
        discount: 100,
        tax: 40,
        shipping: 0,
        couponDiscount: 100,
        final: 840,
        pricesIncludeGst: false,
      },
      coupon: { code: coupon.name, name: coupon.name, discount: 20 },
    };
    expect(res.json()).toMatchObject(expected);
    expect(await cart(s)).toMatchObject(expected);
    expect(res.json()).toEqual(
      JSON.parse(JSON.stringify(await cartOf({ db: t.database.db, basis: { pricesIncludeGst: false } }, s.id))),
    );

    // A coupon that stops applying is left out of the summary, and the order is refused with the reason.
    await t.database.db.update(coupons).set({ isBlocked: true }).where(eq(coupons.id, coupon.id));
    const dropped = await cart(s);
    expect(dropped.summary).toMatchObject({ couponDiscount: 0, tax: 45, final: 945 });
    const placed = await place(s);
    expect(placed.statusCode).toBe(409);
    expect(placed.json().message).toBe(COUPON_MSG.invalidCode);
    await t.database.db.update(coupons).set({ isBlocked: false }).where(eq(coupons.id, coupon.id));

    const removed = await t.request({ method: 'POST', url: '/api/user/removecoupon', token: s.token, payload: {} });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().summary).toMatchObject({ couponDiscount: 0, tax: 45, final: 945 });
    expect(removed.json().coupon).toBeUndefined();
  });

  it('redeems the coupon with the order, once per shopper', async () => {
    const s = await shopperWithCart();
    const coupon = await createCoupon({
      minAmountPaise: asPaise(10_000),
      discount: 10,
      maxAmountPaise: asPaise(100_000),
    });
    expect((await apply(s, coupon.code)).statusCode).toBe(200);
    const res = await place(s);
    expect(res.statusCode).toBe(201);
    // total 1000, offer 100, coupon 10 % of 900 = 90, tax 5 % of the 810 paid = 40.50, free shipping
    expect(res.json().order).toMatchObject({ couponDiscount: 90, tax: 40.5, finalAmount: 850.5 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().order._id));
    expect(row).toMatchObject({ couponId: coupon.id, couponCode: coupon.code, couponDiscountPaise: 9_000 });
    expect((await couponRow(coupon.id)).usedCount).toBe(1);
    expect(await t.database.db.select().from(cartCoupons).where(eq(cartCoupons.userId, s.id))).toEqual([]);

    const bag = await createProduct(t, { pricePaise: 100_000 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const again = await apply(s, coupon.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.code).toBe(COUPON_MSG.alreadyUsed);
    // Even with the coupon forced onto the cart, the order is refused and nothing is taken.
    await t.database.db.insert(cartCoupons).values({ userId: s.id, couponId: coupon.id });
    const second = await place(s);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(COUPON_MSG.alreadyUsed);
    expect((await couponRow(coupon.id)).usedCount).toBe(1);
  });

  it.each([1, 2, 3])('lets exactly %i of five racing shoppers use a coupon with that usage limit', async (limit) => {
    const coupon = await createCoupon({ usageLimit: limit, minAmountPaise: asPaise(10_000) });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWithCart()));
    for (const s of shoppers) expect((await apply(s, coupon.code)).statusCode).toBe(200);
    const results = await Promise.all(shoppers.map((s) => place(s)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(limit).fill(201), ...Array(5 - limit).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe(COUPON_MSG.fullyUsed);
    }
    expect((await couponRow(coupon.id)).usedCount).toBe(limit);
    const redeemed = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redeemed).toHaveLength(limit);
  });

  it('gives the use back when an unpaid card order expires', async () => {
    const s = await shopperWithCart();
    const coupon = await createCoupon({ usageLimit: 1, minAmountPaise: asPaise(10_000) });
    await apply(s, coupon.code);
    const res = await place(s, 'razorpay');
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order._id as string;
    expect((await couponRow(coupon.id)).usedCount).toBe(1);
    const [{ paymentDueAt }] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const afterWindow = new Date((paymentDueAt as Date).getTime() + 1000);
    expect(
      await expireUnpaidOrders({ db: t.database.db, realtime: recordingRealtime(), moveLockedItems }, afterWindow),
    ).toBe(1);
    expect((await couponRow(coupon.id)).usedCount).toBe(0);
    const left = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, s.id)));
    expect(left).toEqual([]);
    const listed = (await t.request({ method: 'GET', url: '/api/user/coupons', token: s.token })).json();
    expect((listed.coupons as CouponDto[]).map((c) => c._id)).toContain(coupon.id);
  });
});
