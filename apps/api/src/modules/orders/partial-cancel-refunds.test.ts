import crypto from 'node:crypto';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { deliverDueMail, type MailWorkerDeps } from '../mail-outbox/worker.ts';
import { loadCreditNote } from './credit-note.ts';
import { createShopper, fundWallet, putInCart, type Shopper, walletOf } from './order-fixtures.ts';

/**
 * The audit's hole (docs/decisions/035-refunds-keep-what-was-earned.md): a partial cancel used to keep the coupon and
 * free shipping the whole order earned for the items left. Through the API, with the wallet, the mail and the credit
 * note.
 */
describe('refunds of a part of an order keep back what the rest no longer earns', () => {
  let t: TestApp;
  let mailDeps: MailWorkerDeps;
  const PUBLIC_URL = 'https://shop.example';
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL }, { payments: createSandboxProvider('partial-cancel-test') });
    mailDeps = testMailWorkerDeps(t, PUBLIC_URL);
  });
  afterAll(() => t.close());

  const orderOf = async (s: Shopper, id: string) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, token: s.token })).json().order as OrderDto;
  const cancel = (s: Shopper, orderId: string, item: string) =>
    t.request({
      method: 'PUT',
      url: '/api/orders/cancel',
      token: s.token,
      payload: { orderId, item, cancelReason: 'x' },
    });
  const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()));

  async function couponWithMinimum(discount: number, minAmountPaise: number): Promise<string> {
    const code = `HALF${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    await t.database.db.insert(coupons).values({
      code,
      name: code,
      description: 'Half off above a minimum',
      activation: new Date(Date.now() - 86_400_000),
      expiry: new Date(Date.now() + 86_400_000),
      discount,
      minAmountPaise: asPaise(minAmountPaise),
      maxAmountPaise: asPaise(1_000_000),
      usageLimit: 100,
    });
    return code;
  }

  /** A wallet order of these bags (₹ in paise), with the coupon when given; answers it with its items by name. */
  async function place(s: Shopper, bags: Array<[string, number]>, code?: string) {
    const lines = [];
    for (const [name, pricePaise] of bags) {
      const bag = await createProduct(t, { name, pricePaise, quantity: 5 });
      lines.push({ productId: bag.id, qty: 1 });
    }
    await putInCart(t, s.id, lines);
    if (code) {
      const applied = await t.request({
        method: 'POST',
        url: '/api/user/applyCoupon',
        token: s.token,
        payload: { code },
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod: 'wallet' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderDto;
    const item = (name: string) => order.items.find((i) => i.product.name === name) as OrderDto['items'][number];
    return { order, item };
  }

  it('a 50 % coupon with a ₹1,000 minimum: cancelling the ₹499 filler refunds nothing, and says why', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 500_000);
    const code = await couponWithMinimum(50, 100_000);
    const { order, item } = await place(
      s,
      [
        ['Office Bag', 99_900],
        ['Filler Pouch', 49_900],
      ],
      code,
    );
    // ₹1,498 − ₹749 coupon + 5 % tax on what is paid after it (₹24.98 + ₹12.48)
    expect(order.finalAmount).toBe(786.46);
    // What the coupon took off the bag: its ₹499.50 share and the ₹24.97 less tax that share brought.
    const keptNote = ORDER_MSG.keptBackCoupon(code, asPaise(100_000), asPaise(52_447));

    // The confirmation shows what the cancel would refund before the shopper confirms.
    const filler = item('Filler Pouch');
    const read = await orderOf(s, order._id);
    expect(read.items.find((i) => i._id === filler._id)?.refundPreview).toEqual({ amount: 0, notes: [keptNote] });
    expect(filler.refundPreview).toEqual({ amount: 0, notes: [keptNote] });
    // The other way round the filler would be left alone: no coupon, and ₹50 to ship (₹499 + ₹24.95 + ₹50).
    expect(item('Office Bag').refundPreview).toEqual({
      amount: 212.51,
      notes: [
        ORDER_MSG.keptBackCoupon(code, asPaise(100_000), asPaise(26_197)),
        ORDER_MSG.keptBackShipping(asPaise(5_000)),
      ],
    });

    const cancelled = await cancel(s, order._id, filler._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json().order as OrderDto;
    expect(after.items.find((i) => i._id === filler._id)).toMatchObject({
      status: 'Cancelled',
      refunded: 0,
      refundNotes: [keptNote],
    });
    // Without the rule the wallet got ₹261.98 back and the bag cost ₹524.48 (₹1,048.95 on its own).
    expect((await walletOf(t, s.id)).balance).toBe(500_000 - 78_646);
    expect(after.creditNotes).toEqual([]);

    await deliverDueMail(mailDeps, new Date(Date.now() + 1));
    const mail = mailsTo(s.email).find((m) => m.subject.startsWith('Cancelled: Filler Pouch'));
    expect(mail?.text).toContain('Nothing has been refunded.');
    expect(mail?.text).toContain(keptNote);

    // Cancelling the bag too gives back everything that was paid.
    const last = await cancel(s, order._id, item('Office Bag')._id);
    expect(last.json().order.items.find((i: { _id: string }) => i._id === item('Office Bag')._id).refunded).toBe(
      786.46,
    );
    const wallet = await walletOf(t, s.id);
    expect(wallet.balance).toBe(500_000);
    expect(wallet.ledgerSum).toBe(wallet.balance);
  });

  it('free shipping: the ₹50 fee is kept back, and the credit note shows the same figures', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 500_000);
    const { order, item } = await place(s, [
      ['Travel Duffel', 60_000],
      ['Coin Purse', 20_000],
    ]);
    expect(order.shippingPrice).toBe(0);
    const purse = item('Coin Purse');
    const shippingNote = ORDER_MSG.keptBackShipping(asPaise(5_000));
    // ₹200 + ₹10 tax, less the ₹50 the duffel alone pays to ship.
    expect(purse.refundPreview).toEqual({ amount: 160, notes: [shippingNote] });

    const after = (await cancel(s, order._id, purse._id)).json().order as OrderDto;
    expect(after.items.find((i) => i._id === purse._id)).toMatchObject({ refunded: 160, refundNotes: [shippingNote] });
    const [credit] = after.creditNotes;
    expect(credit).toMatchObject({ itemId: purse._id, amount: 160 });

    const note = await loadCreditNote(t.database.db, { id: s.id, isAdmin: false }, order._id, credit._id, 'Karnataka');
    expect(note).toMatchObject({
      shippingPaise: 0,
      carriedPaise: 0,
      keptBack: { couponPaise: 0, shippingPaise: 5_000 },
      keptBackNotes: [shippingNote],
      totalPaise: 16_000,
    });
    expect(note.line.amountPaise).toBe(21_000);

    const pdf = await t.request({
      method: 'GET',
      url: `/api/orders/${order._id}/credit-notes/${credit._id}`,
      token: s.token,
    });
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Shipping fee kept back');
    expect(text).toContain('Total credited');
    expect(text).toContain('160.00');

    // What is left now ships for its own fee: the last refund gives back every rupee paid.
    const last = (await cancel(s, order._id, item('Travel Duffel')._id)).json().order as OrderDto;
    expect(last.items.reduce((sum, i) => sum + Math.round(i.refunded * 100), 0)).toBe(84_000);
  });
  it('a return approved by the desk keeps back the shipping fee the same way, and its mail says why', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 500_000);
    const admin = await createUser(t, { isAdmin: true });
    const { order, item } = await place(s, [
      ['Weekend Duffel', 60_000],
      ['Card Holder', 20_000],
    ]);
    await t.database.db
      .update(orderItems)
      .set({ status: 'Delivered', deliveredAt: new Date() })
      .where(eq(orderItems.orderId, order._id));
    const holder = item('Card Holder');
    const asked = await t.request({
      method: 'POST',
      url: '/api/orders/return-request',
      token: s.token,
      payload: { orderId: order._id, item: holder._id, returnReason: 'Too small' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      token: admin.token,
      payload: { id: order._id, item: holder._id, status: 'Returned' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const shippingNote = ORDER_MSG.keptBackShipping(asPaise(5_000));
    const returned = (await orderOf(s, order._id)).items.find((i) => i._id === holder._id);
    expect(returned).toMatchObject({ status: 'Returned', refunded: 160, refundNotes: [shippingNote] });
    await deliverDueMail(mailDeps, new Date(Date.now() + 1));
    const mail = mailsTo(s.email).find((m) => m.subject.startsWith('Return approved: Card Holder'));
    expect(mail?.text).toContain(
      `${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(160)} has been refunded`,
    );
    expect(mail?.text).toContain(shippingNote);
  });
});
