import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { orderItems, orders, payments } from '../../db/schema/orders.ts';
import {
  createShopper,
  fundWallet,
  putInCart,
  type Shopper,
  stockOf,
  walletOf,
} from '../../modules/orders/order-fixtures.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';

describe('placing an order', () => {
  const provider = createSandboxProvider('place-order-test');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: provider });
  });
  afterAll(() => t.close());

  const place = (s: Shopper, payload: object) =>
    t.request({ method: 'POST', url: '/api/orders', token: s.token, payload });
  const cartCount = async (userId: string) =>
    (await t.database.db.select().from(cartItems).where(eq(cartItems.userId, userId))).length;
  const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

  it('is for signed-in shoppers only', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: { addressId: crypto.randomUUID(), paymentMethod: 'cod' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('prices the order on the server, snapshots it, takes the stock and empties the cart', async () => {
    const s = await createShopper(t);
    const offer = await createOffer(t, { discount: 10 });
    const category = await createCategory(t);
    const sling = await createProduct(t, {
      name: 'Leather Sling',
      color: 'Brown',
      pricePaise: 200_000,
      offerId: offer.id,
      categoryId: category.id,
    });
    const pouch = await createProduct(t, { name: 'Coin Pouch', color: 'Pink', pricePaise: 19_900, quantity: 3 });
    await putInCart(t, s.id, [
      { productId: sling.id, qty: 2 },
      { productId: pouch.id, qty: 1 },
    ]);

    const res = await place(s, { addressId: s.addressId, paymentMethod: 'razorpay' });
    expect(res.statusCode).toBe(201);
    const { order, payment } = res.json() as PlaceOrderResponse;
    // total 4199.00, discount 400.00, tax 5 % of each line after its offer: 180.00 + 9.95, free shipping,
    // final 3988.95 (CGST Act s. 15(3)(a); docs/decisions/042-gst-on-what-is-paid.md)
    expect(order).toMatchObject({
      orderId: expect.stringMatching(/^ORD-[A-Z0-9]{10}$/),
      paymentMethod: 'razorpay',
      paymentStatus: 'Pending',
      totalPrice: 4199,
      totalDiscount: 400,
      couponDiscount: 0,
      tax: 189.95,
      shippingPrice: 0,
      finalAmount: 3988.95,
      pricesIncludeGst: false,
      status: 'Pending',
      canRetryPayment: true,
      userId: { _id: s.id, name: 'Asha Rao' },
      shippingAddress: { name: 'Asha Rao', town: 'Bengaluru', state: 'Karnataka', zipcode: '560001' },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items.find((i) => i.product.name === 'Leather Sling')).toMatchObject({
      product: { _id: sling.id, color: 'Brown', price: 2000, pdImage: ['/uploads/products/sample.webp'] },
      qty: 2,
      discount: 200,
      gst: { rate: 5, couponShare: 0, taxable: 3600, tax: 180 },
      status: 'Pending',
    });
    expect(payment).toEqual({
      provider: 'sandbox',
      key: 'rzp_sandbox',
      id: expect.any(String),
      amount: 398_895,
      currency: 'INR',
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(row).toMatchObject({ userId: s.id, purpose: 'order', amountPaise: 398_895, providerOrderId: payment?.id });

    expect(await stockOf(t, sling.id)).toBe(8);
    expect(await stockOf(t, pouch.id)).toBe(2);
    const [sold] = await t.database.db.select().from(products).where(eq(products.id, sling.id));
    expect(sold.unitsSold).toBe(2);
    expect(await cartCount(s.id)).toBe(0);

    // A later price change does not touch the order.
    await t.database.db
      .update(products)
      .set({ pricePaise: asPaise(999_900), name: 'Renamed' })
      .where(eq(products.id, sling.id));
    const again = (await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token })).json();
    expect(again.order.totalPrice).toBe(4199);
    expect(again.order.items.map((i: { product: { name: string } }) => i.product.name).sort()).toEqual([
      'Coin Pouch',
      'Leather Sling',
    ]);
  });

  it('writes every line of carts of each size as it was in the cart, and answers the order as it is read later', async () => {
    // The lines travel as arrays of literals (docs/decisions/021-order-hot-path.md): names with quotes, commas, braces
    // and backslashes must arrive as they were. A wallet order writes its rows before paying; a cash order sends them
    // with the commit, and its answer is made from what that message answered.
    const cases = [
      { lineCount: 1, paymentMethod: 'cod' },
      { lineCount: 3, paymentMethod: 'wallet' },
      { lineCount: 3, paymentMethod: 'cod' },
      { lineCount: 21, paymentMethod: 'wallet' },
      { lineCount: 24, paymentMethod: 'cod' },
    ] as const;
    for (const { lineCount, paymentMethod } of cases) {
      // Cash on delivery stops at ₹1,000: those bags cost ₹10.
      const base = paymentMethod === 'cod' ? 1_000 : 10_000;
      const s = await createShopper(t);
      const bags = [];
      for (let i = 0; i < lineCount; i++) {
        const number = `${String(lineCount).padStart(2, '0')}-${String(i).padStart(2, '0')}`;
        bags.push(
          await createProduct(t, {
            name: `Line bag ${number} "Tote", {big} \\ ₹ it's`,
            pricePaise: base + i,
            quantity: 9,
          }),
        );
      }
      await putInCart(
        t,
        s.id,
        bags.map((bag, i) => ({ productId: bag.id, qty: 1 + (i % 3) })),
      );
      if (paymentMethod === 'wallet') await fundWallet(t, s.id, 5_000_000);
      const res = await place(s, { addressId: s.addressId, paymentMethod });
      expect(res.statusCode).toBe(201);
      const { order } = res.json() as PlaceOrderResponse;
      const written = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
      expect(written).toHaveLength(lineCount);
      for (const [i, bag] of bags.entries()) {
        expect(written.find((item) => item.productId === bag.id)).toMatchObject({
          name: bag.name,
          pricePaise: base + i,
          qty: 1 + (i % 3),
          status: 'Pending',
        });
        expect(await stockOf(t, bag.id)).toBe(9 - (1 + (i % 3)));
      }
      expect(order.items.map((item) => item.product.name)).toEqual(bags.map((b) => b.name).sort());
      expect(await cartCount(s.id)).toBe(0);
      const again = await t.request({ method: 'GET', url: `/api/orders/${order._id}`, token: s.token });
      expect(again.json().order).toEqual(order);
    }
  });

  it('charges ₹50 shipping under ₹700', async () => {
    const s = await createShopper(t);
    const bag = await createProduct(t, { pricePaise: 49_900 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ totalPrice: 499, tax: 24.95, shippingPrice: 50, finalAmount: 573.95 });
    expect(res.json().payment).toBeUndefined();
  });

  it.each([
    { extra: { finalAmount: 1 }, field: 'finalAmount' },
    { extra: { totalPrice: 0 }, field: 'totalPrice' },
    { extra: { items: [] }, field: 'items' },
    { extra: { paymentStatus: 'Paid' }, field: 'paymentStatus' },
  ])('refuses a client-sent $field', async ({ extra, field }) => {
    const s = await createShopper(t);
    const bag = await createProduct(t);
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'cod', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await ordersOf(s.id)).toHaveLength(0);
    expect(await stockOf(t, bag.id)).toBe(10);
  });

  it('refuses an unknown payment method and a missing address', async () => {
    const s = await createShopper(t);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'cheque' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('paymentMethod');
    expect((await place(s, { paymentMethod: 'cod' })).json().fields).toHaveProperty('addressId');
  });

  it('an empty cart gives the cart message', async () => {
    const s = await createShopper(t);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty. Please add items before placing an order.');
  });

  it("another shopper's address is not found and nothing changes", async () => {
    const s = await createShopper(t);
    const other = await createShopper(t);
    const bag = await createProduct(t);
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const res = await place(s, { addressId: other.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(404);
    expect(await stockOf(t, bag.id)).toBe(10);
    expect(await cartCount(s.id)).toBe(1);
  });

  it('names the product that is out of stock, short, or unavailable, and changes nothing', async () => {
    const s = await createShopper(t);
    const fine = await createProduct(t, { name: 'Fine Tote', quantity: 5 });
    const gone = await createProduct(t, { name: 'Gone Duffel', quantity: 0 });
    await putInCart(t, s.id, [
      { productId: fine.id, qty: 1 },
      { productId: gone.id, qty: 1 },
    ]);
    let res = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Product is out of stock: Gone Duffel');

    await t.database.db.update(products).set({ quantity: 2 }).where(eq(products.id, gone.id));
    await t.database.db.update(cartItems).set({ qty: 3 }).where(eq(cartItems.productId, gone.id));
    res = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 2 left of Gone Duffel');

    await t.database.db.update(products).set({ quantity: 9, isBlocked: true }).where(eq(products.id, gone.id));
    res = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Gone Duffel');

    expect(await stockOf(t, fine.id)).toBe(5);
    expect(await cartCount(s.id)).toBe(2);
    expect(await ordersOf(s.id)).toHaveLength(0);
  });

  it('cash on delivery only up to ₹1,000', async () => {
    const s = await createShopper(t);
    // 900 + 45 tax + 50 shipping = 995.00 → allowed
    const small = await createProduct(t, { pricePaise: 90_000 });
    await putInCart(t, s.id, [{ productId: small.id, qty: 1 }]);
    const ok = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.finalAmount).toBe(945);

    const big = await createProduct(t, { pricePaise: 96_000 });
    await putInCart(t, s.id, [{ productId: big.id, qty: 1 }]);
    const refused = await place(s, { addressId: s.addressId, paymentMethod: 'cod' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.paymentMethod).toBe('Cash on Delivery is available only up to ₹1,000');
    expect(await stockOf(t, big.id)).toBe(10);
    expect(await cartCount(s.id)).toBe(1);
  });

  it('pays from the wallet in the same transaction', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 100_000);
    const bag = await createProduct(t, { pricePaise: 49_900 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'wallet' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ paymentStatus: 'Paid', finalAmount: 573.95 });
    const wallet = await walletOf(t, s.id);
    expect(wallet.balance).toBe(100_000 - 57_395);
    expect(wallet.ledgerSum).toBe(wallet.balance);
    expect(wallet.rows.find((r) => r.type === 'Debited')).toMatchObject({
      amountPaise: -57_395,
      orderId: res.json().order._id,
    });
  });

  it('a wallet too short is a 409 and nothing changes', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 50_000);
    const bag = await createProduct(t, { pricePaise: 49_900 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const res = await place(s, { addressId: s.addressId, paymentMethod: 'wallet' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Insufficient wallet balance');
    expect(await walletOf(t, s.id)).toMatchObject({ balance: 50_000, ledgerSum: 50_000 });
    expect(await stockOf(t, bag.id)).toBe(10);
    expect(await cartCount(s.id)).toBe(1);
    expect(await ordersOf(s.id)).toHaveLength(0);
  });

  it('50 shoppers racing for 5 units: exactly 5 orders, stock 0, the rest 409', async () => {
    const bag = await createProduct(t, { name: 'Last Few Backpack', pricePaise: 49_900, quantity: 5 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(t)));
    await Promise.all(shoppers.map((s) => putInCart(t, s.id, [{ productId: bag.id, qty: 1 }])));
    const results = await Promise.all(shoppers.map((s) => place(s, { addressId: s.addressId, paymentMethod: 'cod' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('Product is out of stock: Last Few Backpack');
    }
    expect(await stockOf(t, bag.id)).toBe(0);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, bag.id));
    expect(sold).toHaveLength(5);
  });

  it('30 shoppers racing for the last 5 units of bags in one order: 5 orders, no oversell, the losers keep everything', async () => {
    const tote = await createProduct(t, { name: 'Last Tote', pricePaise: 19_900, quantity: 5 });
    const sling = await createProduct(t, { name: 'Last Sling', pricePaise: 19_900, quantity: 5 });
    const pouch = await createProduct(t, { name: 'Roomy Pouch', pricePaise: 19_900, quantity: 8 });
    const bags = [tote, sling, pouch];
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => createShopper(t)));
    // Each cart holds the three bags, put in in a different order, so checkouts meet the bags in different orders.
    await Promise.all(
      shoppers.map(async (s, i) => {
        for (let k = 0; k < bags.length; k++) {
          await putInCart(t, s.id, [{ productId: bags[(i + k) % bags.length].id, qty: 1 }]);
        }
      }),
    );
    const results = await Promise.all(shoppers.map((s) => place(s, { addressId: s.addressId, paymentMethod: 'cod' })));

    const winners = shoppers.filter((_, i) => results[i].statusCode === 201);
    const losers = shoppers.filter((_, i) => results[i].statusCode !== 201);
    expect(winners).toHaveLength(5);
    const outOfStock = [ORDER_MSG.outOfStock('Last Tote'), ORDER_MSG.outOfStock('Last Sling')];
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(outOfStock).toContain(r.json().message);
    }
    const stock = await t.database.db
      .select({ id: products.id, quantity: products.quantity, unitsSold: products.unitsSold })
      .from(products)
      .where(inArray(products.id, [tote.id, sling.id, pouch.id]));
    expect(Object.fromEntries(stock.map((p) => [p.id, [p.quantity, p.unitsSold]]))).toEqual({
      [tote.id]: [0, 5],
      [sling.id]: [0, 5],
      [pouch.id]: [3, 5],
    });
    for (const bag of bags) {
      const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, bag.id));
      expect(sold.map((item) => item.qty)).toEqual([1, 1, 1, 1, 1]);
    }
    for (const s of winners) {
      expect(await ordersOf(s.id)).toHaveLength(1);
      expect(await cartCount(s.id)).toBe(0);
    }
    for (const s of losers) {
      expect(await ordersOf(s.id)).toHaveLength(0);
      const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, s.id));
      expect(cart.map((line) => line.qty)).toEqual([1, 1, 1]);
    }
  });

  it('parallel wallet orders by one shopper: one order, the balance never below 0, ledger == balance', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 80_000);
    const bag = await createProduct(t, { pricePaise: 49_900 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => place(s, { addressId: s.addressId, paymentMethod: 'wallet' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.statusCode).toBe(400);
    const wallet = await walletOf(t, s.id);
    expect(wallet.balance).toBe(80_000 - 57_395);
    expect(wallet.ledgerSum).toBe(wallet.balance);
    expect(await stockOf(t, bag.id)).toBe(9);
  });

  it('parallel wallet orders by shoppers sharing nothing but their own wallets stay exact', async () => {
    // Each of 5 shoppers can afford one order; each also has a second, concurrent checkout racing the first.
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => createShopper(t)));
    const bag = await createProduct(t, { pricePaise: 49_900, quantity: 50 });
    for (const s of shoppers) {
      await fundWallet(t, s.id, 60_000);
      await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    }
    const results = await Promise.all(
      shoppers.flatMap((s) => [
        place(s, { addressId: s.addressId, paymentMethod: 'wallet' }),
        place(s, { addressId: s.addressId, paymentMethod: 'wallet' }),
      ]),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const s of shoppers) {
      const wallet = await walletOf(t, s.id);
      expect(wallet.balance).toBe(60_000 - 57_395);
      expect(wallet.ledgerSum).toBe(wallet.balance);
    }
    expect(await stockOf(t, bag.id)).toBe(45);
  });

  describe('at most three card orders waiting for payment', () => {
    /** A shopper with `count` card orders placed and not paid, and a new bag in the cart. */
    async function shopperWithUnpaid(count: number) {
      const s = await createShopper(t);
      const unpaid: PlaceOrderResponse[] = [];
      for (let i = 0; i < count; i += 1) {
        const bag = await createProduct(t, { pricePaise: 49_900 });
        await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
        const res = await place(s, { addressId: s.addressId, paymentMethod: 'razorpay' });
        expect(res.statusCode).toBe(201);
        unpaid.push(res.json());
      }
      const bag = await createProduct(t, { pricePaise: 49_900 });
      await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
      return { s, unpaid, bag };
    }

    it('a fourth is refused with a clear 409 and nothing changes; cash on delivery still works', async () => {
      const { s, bag } = await shopperWithUnpaid(3);
      const res = await place(s, { addressId: s.addressId, paymentMethod: 'razorpay' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ORDER_MSG.tooManyUnpaidCardOrders, code: 'CONFLICT' });
      expect(res.json().message).toBe(
        'You already have 3 orders waiting for card payment. Pay for one of them or cancel it, or choose another payment method.',
      );
      expect(await ordersOf(s.id)).toHaveLength(3);
      expect(await stockOf(t, bag.id)).toBe(10);
      expect(await cartCount(s.id)).toBe(1);
      expect((await place(s, { addressId: s.addressId, paymentMethod: 'cod' })).statusCode).toBe(201);
    });

    it('a paid, a cancelled or an expired one makes room again', async () => {
      const { s, unpaid } = await shopperWithUnpaid(3);
      const tryCard = () => place(s, { addressId: s.addressId, paymentMethod: 'razorpay' });
      expect((await tryCard()).statusCode).toBe(409);

      const [first, second, third] = unpaid;
      const paymentId = 'pay_room_1';
      const paid = await t.request({
        method: 'POST',
        url: '/api/user/verify-payment',
        token: s.token,
        payload: {
          orderId: first.order._id,
          razorpay_order_id: first.payment?.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: provider.sign(first.payment?.id ?? '', paymentId),
        },
      });
      expect(paid.statusCode).toBe(200);
      expect((await tryCard()).statusCode).toBe(201);

      const more = await createProduct(t, { pricePaise: 49_900 });
      await putInCart(t, s.id, [{ productId: more.id, qty: 1 }]);
      expect((await tryCard()).statusCode).toBe(409);
      const cancel = await t.request({
        method: 'PUT',
        url: '/api/orders/cancel',
        token: s.token,
        payload: { orderId: second.order._id, item: second.order.items[0]._id, cancelReason: 'Changed my mind' },
      });
      expect(cancel.statusCode).toBe(200);
      expect((await tryCard()).statusCode).toBe(201);

      const last = await createProduct(t, { pricePaise: 49_900 });
      await putInCart(t, s.id, [{ productId: last.id, qty: 1 }]);
      expect((await tryCard()).statusCode).toBe(409);
      await t.database.db.update(orders).set({ expiredAt: new Date() }).where(eq(orders.id, third.order._id));
      expect((await tryCard()).statusCode).toBe(201);
    });

    it('parallel card checkouts of a shopper with two waiting: exactly one more order, the rest 409', async () => {
      const { s, bag } = await shopperWithUnpaid(2);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => place(s, { addressId: s.addressId, paymentMethod: 'razorpay' })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe(ORDER_MSG.tooManyUnpaidCardOrders);
      }
      const rows = await ordersOf(s.id);
      expect(rows.filter((o) => o.paymentMethod === 'razorpay' && o.paymentStatus === 'Pending')).toHaveLength(3);
      expect(await stockOf(t, bag.id)).toBe(9);
    });
  });
});
