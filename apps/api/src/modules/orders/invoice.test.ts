import crypto from 'node:crypto';
import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto, PlaceOrderResponse } from '@bagshop/shared/order-types';
import { TAX_PERCENT } from '@bagshop/shared/pricing/cart';
import { invoiceLineFigures } from '@bagshop/shared/pricing/invoice';
import { asPaise, percentOf, sumPaise, toPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer, createProduct } from '../../../test/catalogue.ts';
import { pdfFonts, readPdf } from '../../../test/pdf.ts';
import { shipItems } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { documentCounters } from '../../db/schema/invoices.ts';
import { orderItems, orders, walletTransactions } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { issueInvoice, nextDocumentNumber } from '../invoicing/service.ts';
import { loadCreditNote } from './credit-note.ts';
import { loadInvoice } from './invoice.ts';
import { createShopper, fundWallet, putInCart, type Shopper } from './order-fixtures.ts';

const provider = createSandboxProvider('invoice-test');
let t: TestApp;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { payments: provider });
  admin = await createUser(t, { isAdmin: true });
  other = await createUser(t);
});
afterAll(() => t.close());

/** The text a reader copies out of a PDF (its fonts are embedded, so the text is read through their Unicode maps). */
const pdfText = async (pdf: Buffer) => (await readPdf(pdf)).text;

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const adminViewer = () => ({ id: admin.id, isAdmin: true });

async function createCoupon(discount: number, maxAmountPaise: number) {
  // A coupon's name is the code shoppers type (docs/product.md §12.2).
  const code = `FESTIVE${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      code,
      name: code,
      description: 'Off every bag',
      activation: new Date(Date.now() - 86_400_000),
      expiry: new Date(Date.now() + 86_400_000),
      discount,
      minAmountPaise: asPaise(0),
      maxAmountPaise: asPaise(maxAmountPaise),
      usageLimit: 100,
    })
    .returning();
  return row;
}

interface CartLine {
  pricePaise: number;
  offerPercent: number;
  qty: number;
}

/** Puts bags in the shopper's cart (with offers, and a coupon when given) and places the order through the API. */
async function placeCart(
  s: Shopper,
  lines: CartLine[],
  paymentMethod: 'wallet' | 'cod',
  coupon?: { discount: number; maxAmountPaise: number } | null,
): Promise<OrderDto> {
  const cart = [];
  for (const line of lines) {
    const offer = line.offerPercent > 0 ? await createOffer(t, { discount: line.offerPercent }) : null;
    const bag = await createProduct(t, { pricePaise: line.pricePaise, quantity: 20, offerId: offer?.id ?? null });
    cart.push({ productId: bag.id, qty: line.qty });
  }
  await putInCart(t, s.id, cart);
  if (coupon) {
    const row = await createCoupon(coupon.discount, coupon.maxAmountPaise);
    const applied = await t.request({
      method: 'POST',
      url: '/api/user/applyCoupon',
      token: s.token,
      payload: { code: row.code },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: s.token,
    payload: { addressId: s.addressId, paymentMethod },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as OrderDto;
}

async function adminMove(orderId: string, itemId: string, status: string) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/orders/save-item-status',
    token: admin.token,
    payload: { id: orderId, item: itemId, status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function cancelItem(s: Shopper, orderId: string, itemId: string) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/orders/cancel',
    token: s.token,
    payload: { orderId, item: itemId, cancelReason: 'Ordered the wrong colour' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The shopper confirms a cash-on-delivery order, which may then ship. */
async function confirmCod(s: Shopper, orderId: string) {
  const res = await t.request({ method: 'POST', url: '/api/orders/confirm-cod', token: s.token, payload: { orderId } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Ships the item in a parcel of its own, then the desk marks it delivered. */
async function deliver(orderId: string, itemId: string) {
  await shipItems(t, admin.token, orderId, [itemId]);
  await adminMove(orderId, itemId, 'Delivered');
}

async function returnItem(s: Shopper, orderId: string, itemId: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders/return-request',
    token: s.token,
    payload: { orderId, item: itemId, returnReason: 'The strap was too short' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await adminMove(orderId, itemId, 'Returned');
}

/** Pays a card order through the signed checkout result, as the browser sends it. */
function payByCard(s: Shopper, orderId: string, providerOrderId: string) {
  const paymentId = `pay_${crypto.randomBytes(6).toString('hex')}`;
  return t.request({
    method: 'POST',
    url: '/api/user/verify-payment',
    token: s.token,
    payload: {
      orderId,
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: provider.sign(providerOrderId, paymentId),
    },
  });
}

async function placeCardOrder(s: Shopper, pricesPaise: number[]) {
  const cart = [];
  for (const pricePaise of pricesPaise) {
    const bag = await createProduct(t, { pricePaise, quantity: 20 });
    cart.push({ productId: bag.id, qty: 1 });
  }
  await putInCart(t, s.id, cart);
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: s.token,
    payload: { addressId: s.addressId, paymentMethod: 'razorpay' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json() as PlaceOrderResponse;
  if (!placed.payment) throw new Error('no card payment');
  return { order: placed.order, providerOrderId: placed.payment.id };
}

async function orderOf(id: string, token: string): Promise<OrderDto> {
  const res = await get(`/api/orders/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as OrderDto;
}

const serialOf = (number: string) => Number(number.split('/')[2]);

describe('GST invoice', () => {
  it('is numbered when a wallet order is paid and prints each line with HSN, taxable value and CGST + SGST', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 10_000_000);
    const order = await placeCart(
      s,
      [
        { pricePaise: 200_000, offerPercent: 10, qty: 2 },
        { pricePaise: 99_900, offerPercent: 0, qty: 1 },
      ],
      'wallet',
      { discount: 10, maxAmountPaise: 20_000 },
    );
    expect(order.invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);
    expect(order.creditNotes).toEqual([]);
    const res = await get(`/api/orders/${order._id}/invoice`, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('GSTIN: 29ABCDE1234F1ZW');
    expect(text).toContain(`Invoice number: ${order.invoiceNumber}`);
    expect(text).toContain(`Order number: ${order.orderId}`);
    expect(text).toContain('4202');
    // CGST Act s. 15(3)(a), docs/decisions/042-gst-on-what-is-paid.md: coupon 10 % of ₹4,599 capped at ₹200, shared
    // ₹156.56 + ₹43.44 by line after offer, so discounts ₹400 + ₹156.56 and ₹43.44; taxable values ₹3,443.44 and
    // ₹955.56; tax 5 % of each: ₹172.17 (CGST ₹86.09 + SGST ₹86.08) and ₹47.78 (₹23.89 + ₹23.89); amounts ₹3,615.61
    // and ₹1,003.34; paid ₹4,599 − ₹200 + ₹219.95 = ₹4,618.95.
    for (const paise of [400_000, 99_900, 344_344, 95_556, 361_561, 100_334, 8_609, 8_608, 2_389]) {
      expect(text).toContain(money(asPaise(paise)));
    }
    expect(text).toContain(`- ${money(asPaise(55_656))}`);
    expect(text).toContain(`- ${money(asPaise(4_344))}`);
    expect(text).toContain('CGST + SGST');
    expect(text).toContain('CGST 2.5 %');
    expect(text).toContain(money(asPaise(10_998)));
    expect(text).toContain(money(asPaise(10_997)));
    expect(text).not.toContain('IGST');
    expect(text).toContain(money(asPaise(461_895)));
    expect(text).toContain(`Total taxable value ${money(asPaise(439_900))}, total GST ${money(asPaise(21_995))}.`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).not.toContain('Rs.');
    expect(order.finalAmount).toBe(4618.95);
  });

  it('prints a name, an address and a bag typed in Indian scripts, in the Noto Sans fonts it embeds', async () => {
    // Words a PDF reader gives back letter for letter (no vowel sign drawn before its consonant).
    const s = await createShopper(t, 'Tamil Nadu', { name: 'अनन्या कपूर', street: 'காந்தி நகர்', town: 'Chennai' });
    await fundWallet(t, s.id, 1_000_000);
    const bag = await createProduct(t, { pricePaise: 50_000, quantity: 5, name: 'ખાદી થેલો' });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod: 'wallet' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as OrderDto;
    const pdf = (await get(`/api/orders/${order._id}/invoice`, s.token)).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain('अनन्या कपूर');
    expect(text).toContain('Lake View, காந்தி நகர்');
    expect(text).toContain('ખાદી થેલો');
    expect(text).toContain('IGST 5 %');
    expect(text).toContain('₹525.00');
    const fonts = pdfFonts(pdf);
    expect(fonts.every((f) => f.subset && f.name.startsWith('NotoSans'))).toBe(true);
    expect(fonts.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'NotoSans-Regular',
        'NotoSans-Bold',
        'NotoSansTamil-Regular',
        'NotoSansGujarati-Regular',
      ]),
    );
  });

  it('charges IGST for a delivery to another state', async () => {
    const s = await createShopper(t, 'Maharashtra');
    await fundWallet(t, s.id, 1_000_000);
    const order = await placeCart(s, [{ pricePaise: 50_000, offerPercent: 0, qty: 1 }], 'wallet');
    const text = await pdfText((await get(`/api/orders/${order._id}/invoice`, s.token)).rawPayload);
    expect(text).toContain('IGST 5 %');
    expect(text).toContain(money(asPaise(2_500)));
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).not.toContain('CGST 2.5 %');
    expect(text).not.toContain('CGST + SGST');
    // s. 15(2)(c): the ₹50 delivery charge holds its taxable value and GST.
    expect(text).toContain(`Delivery: ${money(asPaise(4_762))} + GST ${money(asPaise(238))}`);
    expect(text).toContain(money(asPaise(57_500)));
  });

  it('is for the owner and administrators only: 404 to anyone else, 401 without a token', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 1_000_000);
    const order = await placeCart(s, [{ pricePaise: 50_000, offerPercent: 0, qty: 1 }], 'wallet');
    expect((await get(`/api/orders/${order._id}/invoice`, admin.token)).statusCode).toBe(200);
    for (const id of [order._id, crypto.randomUUID(), 'nope']) {
      const res = await get(`/api/orders/${id}/invoice`, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ORDER_MSG.orderNotFound);
    }
    expect((await get(`/api/orders/${order._id}/invoice`)).statusCode).toBe(401);
  });

  it('waits for cash on delivery to be collected, leaving out an item cancelled before delivery', async () => {
    const s = await createShopper(t);
    const order = await placeCart(
      s,
      [
        { pricePaise: 30_000, offerPercent: 0, qty: 1 },
        { pricePaise: 45_000, offerPercent: 20, qty: 1 },
      ],
      'cod',
    );
    const refused = await get(`/api/orders/${order._id}/invoice`, s.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_ORDER_MSG.invoiceNotReady);
    await confirmCod(s, order._id);
    const [first, second] = order.items;
    await cancelItem(s, order._id, first._id);
    await deliver(order._id, second._id);
    const paid = await orderOf(order._id, s.token);
    expect(paid.paymentStatus).toBe('Paid');
    expect(paid.invoiceNumber).toMatch(/^INV\//);
    expect(paid.creditNotes).toEqual([]);
    const invoice = await loadInvoice(t.database.db, adminViewer(), order._id, 'Karnataka');
    expect(invoice.lines.map((l) => l.itemId)).toEqual([second._id]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const cancelledShare = invoiceLineFigures(row, items).find((l) => l.itemId === first._id)?.amountPaise ?? 0;
    expect(invoice.totalPaise).toBe(toPaise(order.finalAmount) - cancelledShare);
  });

  it('is numbered when a card payment arrives, with credit notes for items cancelled while it was awaited', async () => {
    const s = await createShopper(t);
    const { order, providerOrderId } = await placeCardOrder(s, [50_000, 80_000]);
    expect(order.invoiceNumber).toBeNull();
    expect((await get(`/api/orders/${order._id}/invoice`, s.token)).statusCode).toBe(409);
    const dropped = order.items[0];
    await cancelItem(s, order._id, dropped._id);
    expect((await orderOf(order._id, s.token)).creditNotes).toEqual([]);
    const paid = await payByCard(s, order._id, providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await orderOf(order._id, s.token);
    expect(after.invoiceNumber).toMatch(/^INV\//);
    const refunded = after.items.find((i) => i._id === dropped._id)?.refunded;
    expect(refunded).toBeGreaterThan(0);
    expect(after.creditNotes).toEqual([expect.objectContaining({ itemId: dropped._id, amount: refunded })]);
    const invoice = await loadInvoice(t.database.db, adminViewer(), order._id, 'Karnataka');
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.totalPaise).toBe(toPaise(order.finalAmount));
  });

  it('gives a credit note with each refund of an invoiced item, adding up to the refund', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 10_000_000);
    const order = await placeCart(
      s,
      [
        { pricePaise: 120_000, offerPercent: 15, qty: 1 },
        { pricePaise: 33_333, offerPercent: 0, qty: 3 },
      ],
      'wallet',
      { discount: 10, maxAmountPaise: 10_000 },
    );
    const [first, second] = order.items;
    await cancelItem(s, order._id, first._id);
    await deliver(order._id, second._id);
    await returnItem(s, order._id, second._id);
    const after = await orderOf(order._id, s.token);
    expect(after.creditNotes.map((n) => n.itemId)).toEqual([first._id, second._id]);
    const [cancelled, returned] = after.creditNotes;
    expect(serialOf(returned.number)).toBe(serialOf(cancelled.number) + 1);
    for (const note of after.creditNotes) {
      const item = after.items.find((i) => i._id === note.itemId);
      expect(note.amount).toBe(item?.refunded);
    }
    expect(cancelled.amount + returned.amount).toBeCloseTo(order.finalAmount, 2);

    const pdf = await get(`/api/orders/${order._id}/credit-notes/${returned._id}`, s.token);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note number: ${returned.number}`);
    expect(text).toContain(`Against invoice: ${order.invoiceNumber}`);
    expect(text).toContain('Reason: Return');
    expect(text).toContain('4202');
    const note = await loadCreditNote(t.database.db, adminViewer(), order._id, returned._id, 'Karnataka');
    expect(percentOf(note.line.taxablePaise, TAX_PERCENT)).toBe(note.line.taxPaise);
    expect(note.totalPaise).toBe(toPaise(returned.amount));
    expect(text).toContain(`₹${returned.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

    const invoiceText = await pdfText((await get(`/api/orders/${order._id}/invoice`, s.token)).rawPayload);
    expect(invoiceText).toContain(`Credit note ${cancelled.number}`);
    expect(invoiceText).toContain(`Credit note ${returned.number}`);

    expect((await get(`/api/orders/${order._id}/credit-notes/${returned._id}`, other.token)).statusCode).toBe(404);
    const elsewhere = await placeCart(s, [{ pricePaise: 50_000, offerPercent: 0, qty: 1 }], 'wallet');
    expect((await get(`/api/orders/${elsewhere._id}/credit-notes/${returned._id}`, s.token)).statusCode).toBe(404);
  });
});

describe('invoice numbers', () => {
  it('are consecutive and unique when many orders are paid at once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createShopper(t)));
    for (const s of shoppers) {
      await fundWallet(t, s.id, 1_000_000);
      const bag = await createProduct(t, { pricePaise: 50_000 });
      await putInCart(t, s.id, [{ productId: bag.id, qty: 1 }]);
    }
    const placed = await Promise.all(
      shoppers.map((s) =>
        t.request({
          method: 'POST',
          url: '/api/orders',
          token: s.token,
          payload: { addressId: s.addressId, paymentMethod: 'wallet' },
        }),
      ),
    );
    const numbers = placed.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().order as OrderDto).invoiceNumber as string;
    });
    const serials = numbers.map(serialOf).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(serials).toEqual(serials.map((_, i) => serials[0] + i));
    expect(new Set(numbers.map((n) => n.split('/')[1])).size).toBe(1);
  });

  it('are consecutive and unique when card payments arrive at once', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const s = await createShopper(t);
      orders.push({ s, ...(await placeCardOrder(s, [30_000])) });
    }
    const paid = await Promise.all(
      orders.map(({ s, order, providerOrderId }) => payByCard(s, order._id, providerOrderId)),
    );
    const numbers = paid.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().order as OrderDto).invoiceNumber as string;
    });
    const serials = numbers.map(serialOf).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(serials).toEqual(serials.map((_, i) => serials[0] + i));
  });

  it('start again at 1 April India time and leave no gap when a sale rolls back', async () => {
    const lastOfMarch = new Date('2041-03-31T18:29:59.000Z');
    const firstOfApril = new Date('2041-03-31T18:30:00.000Z');
    const db = t.database.db;
    expect(await db.transaction((tx) => nextDocumentNumber(tx, 'INV', lastOfMarch))).toBe('INV/40-41/000001');
    expect(await db.transaction((tx) => nextDocumentNumber(tx, 'INV', lastOfMarch))).toBe('INV/40-41/000002');
    expect(await db.transaction((tx) => nextDocumentNumber(tx, 'INV', firstOfApril))).toBe('INV/41-42/000001');
    expect(await db.transaction((tx) => nextDocumentNumber(tx, 'CN', firstOfApril))).toBe('CN/41-42/000001');
    await expect(
      db.transaction(async (tx) => {
        await nextDocumentNumber(tx, 'INV', firstOfApril);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await db.transaction((tx) => nextDocumentNumber(tx, 'INV', firstOfApril))).toBe('INV/41-42/000002');
    await db.delete(documentCounters).where(eq(documentCounters.financialYear, '41-42'));
    await db.delete(documentCounters).where(eq(documentCounters.financialYear, '40-41'));
  });

  it('are given once per order', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 1_000_000);
    const order = await placeCart(s, [{ pricePaise: 50_000, offerPercent: 0, qty: 1 }], 'wallet');
    const again = await t.database.db.transaction((tx) => issueInvoice(tx, order._id, new Date()));
    expect(again).toBe(order.invoiceNumber);
  });
});

describe('invoice and credit notes add up over random carts', () => {
  const line = fc.record({
    pricePaise: fc.integer({ min: 5_000, max: 300_000 }),
    offerPercent: fc.constantFrom(0, 0, 5, 12, 25, 50),
    qty: fc.integer({ min: 1, max: 3 }),
    fate: fc.constantFrom('keep', 'cancel', 'return'),
  });
  const cart = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    coupon: fc.option(
      fc.record({ discount: fc.integer({ min: 5, max: 60 }), maxAmountPaise: fc.integer({ min: 1_000, max: 50_000 }) }),
    ),
    cod: fc.boolean(),
    state: fc.constantFrom('Karnataka', 'Kerala'),
  });

  it('the invoice is what was paid, each credit note is its refund, and every tax is 5 % of its taxable value', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(cart, async (c) => {
        const s = await createShopper(t, c.state);
        await fundWallet(t, s.id, 100_000_000);
        // Cash on delivery only up to ₹1,000: dearer carts are paid from the wallet.
        const small = c.lines.every((l) => l.pricePaise * l.qty <= 25_000) && c.lines.length <= 2;
        const method = c.cod && small ? 'cod' : 'wallet';
        const order = await placeCart(s, c.lines, method, c.coupon);
        if (method === 'cod') await confirmCod(s, order._id);
        const fateOf = (itemId: string) => {
          const item = order.items.find((i) => i._id === itemId);
          return c.lines[order.items.indexOf(item as (typeof order.items)[number])].fate;
        };
        const pending = order.items;
        for (const item of pending) if (fateOf(item._id) === 'cancel') await cancelItem(s, order._id, item._id);
        for (const item of pending) if (fateOf(item._id) !== 'cancel') await deliver(order._id, item._id);
        for (const item of pending) if (fateOf(item._id) === 'return') await returnItem(s, order._id, item._id);

        const after = await orderOf(order._id, s.token);
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
        const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
        const ledger = await t.database.db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.orderId, order._id));
        const refunded = sumPaise(ledger.filter((r) => r.amountPaise > 0).map((r) => r.amountPaise));
        const debited = -sumPaise(ledger.filter((r) => r.amountPaise < 0).map((r) => r.amountPaise));

        if (!after.invoiceNumber) {
          // Cash on delivery with every item cancelled before delivery: nothing was sold, nothing invoiced.
          expect(method).toBe('cod');
          expect(items.every((i) => i.status === 'Cancelled')).toBe(true);
          expect(after.creditNotes).toEqual([]);
          return;
        }
        expect(after.invoiceNumber.length).toBeLessThanOrEqual(16);
        expect(seen.has(after.invoiceNumber)).toBe(false);
        seen.add(after.invoiceNumber);
        const invoice = await loadInvoice(t.database.db, adminViewer(), order._id, 'Karnataka');
        for (const l of invoice.lines) {
          expect(percentOf(l.taxablePaise, TAX_PERCENT)).toBe(l.taxPaise);
          expect(l.grossPaise + l.taxPaise - l.discountPaise).toBe(l.amountPaise);
        }
        expect(invoice.grossPaise + invoice.taxPaise - invoice.discountPaise + invoice.shippingPaise).toBe(
          invoice.totalPaise,
        );
        // What the shopper paid: the wallet debit, or the cash collected for the delivered items.
        const cancelledBeforeSale = items.filter((i) => i.status === 'Cancelled' && i.refundedPaise === 0);
        const shares = invoiceLineFigures(row, items);
        const paid =
          method === 'wallet'
            ? debited
            : row.finalPaise -
              sumPaise(
                cancelledBeforeSale.map((i) => shares.find((f) => f.itemId === i.id)?.amountPaise ?? asPaise(0)),
              );
        expect(invoice.totalPaise).toBe(paid);
        if (method === 'wallet') expect(invoice.taxPaise).toBe(row.taxPaise);
        const credited = sumPaise(invoice.creditNotes.map((n) => n.amountPaise));
        expect(credited).toBe(refunded);
        expect(invoice.totalPaise - credited).toBe(paid - refunded);
        const refundedItems = items.filter((i) => i.refundedPaise > 0).map((i) => i.id);
        expect(invoice.creditNotes.map((n) => n.itemId).sort()).toEqual(refundedItems.sort());
        for (const note of invoice.creditNotes) {
          expect(seen.has(note.number)).toBe(false);
          seen.add(note.number);
          const doc = await loadCreditNote(t.database.db, adminViewer(), order._id, note.id, 'Karnataka');
          expect(percentOf(doc.line.taxablePaise, TAX_PERCENT)).toBe(doc.line.taxPaise);
          const { couponPaise, shippingPaise } = doc.keptBack;
          expect(doc.line.amountPaise + doc.shippingPaise + doc.carriedPaise - couponPaise - shippingPaise).toBe(
            note.amountPaise,
          );
          expect(doc.totalPaise).toBe(items.find((i) => i.id === note.itemId)?.refundedPaise);
        }
        if (items.every((i) => i.status === 'Cancelled' || i.status === 'Returned')) {
          expect(invoice.totalPaise - credited).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
