import type { CartDto } from '@bagshop/shared/catalogue-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { shipItems } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { pdfMoney as money } from '../../platform/pdf.ts';
import { loadCreditNote } from './credit-note.ts';
import { loadInvoice } from './invoice.ts';
import { createShopper, fundWallet, putInCart, walletOf } from './order-fixtures.ts';

/**
 * PRICES_INCLUDE_GST=true from the cart to the return (docs/decisions/042-gst-on-what-is-paid.md): listed prices hold
 * the GST, nothing is added for it, the invoice takes the taxable value out of each line and a return gives back what
 * was paid.
 */
describe('prices that include GST', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ PRICES_INCLUDE_GST: 'true' });
    admin = await createUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    t.request({ method, url, token, payload });

  it('the shop says so, the cart adds no tax, the invoice and a return read the GST inside the price', async () => {
    expect((await call('GET', '/api/shop/settings')).json()).toMatchObject({ pricesIncludeGst: true });
    const s = await createShopper(t, 'Maharashtra');
    await fundWallet(t, s.id, 1_000_000);
    const bag = await createProduct(t, { name: 'Canvas Tote', pricePaise: 105_000, quantity: 10 });
    const pouch = await createProduct(t, { name: 'Coin Pouch', pricePaise: 19_999, quantity: 10 });
    await putInCart(t, s.id, [
      { productId: bag.id, qty: 1 },
      { productId: pouch.id, qty: 1 },
    ]);

    // ₹1,050.00 holds ₹1,000.00 + ₹50.00 GST; ₹199.99 holds ₹190.47 + ₹9.52 (199.99 × 100 / 105 = 190.466…).
    const cart = (await call('GET', '/api/products/cart', s.token)).json() as CartDto;
    expect(cart.summary).toEqual({
      totalPrice: 1249.99,
      discount: 0,
      tax: 59.52,
      shipping: 0,
      couponDiscount: 0,
      final: 1249.99,
      pricesIncludeGst: true,
    });

    const placed = await call('POST', '/api/orders', s.token, { addressId: s.addressId, paymentMethod: 'wallet' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as OrderDto;
    expect(order).toMatchObject({ pricesIncludeGst: true, tax: 59.52, finalAmount: 1249.99 });
    expect((await walletOf(t, s.id)).balance).toBe(1_000_000 - 124_999);

    const invoice = await loadInvoice(t.database.db, { id: admin.id, isAdmin: true }, order._id, 'Karnataka');
    const byName = (name: string) => invoice.lines.find((l) => l.name === name);
    expect(byName('Canvas Tote')).toMatchObject({ taxablePaise: 100_000, taxPaise: 5_000, amountPaise: 105_000 });
    expect(byName('Coin Pouch')).toMatchObject({ taxablePaise: 19_047, taxPaise: 952, amountPaise: 19_999 });
    expect(invoice).toMatchObject({ totalPaise: 124_999, pricesIncludeGst: true, placeOfSupply: 'Maharashtra (27)' });
    const pdf = await call('GET', `/api/orders/${order._id}/invoice`, s.token);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain('IGST 5 %');
    expect(text).toContain('Prices include GST');
    expect(text).toContain(money(asPaise(119_047)));

    // The tote comes back: its credit note reverses ₹1,000.00 + ₹50.00 GST; the refund keeps back the ₹50 delivery the
    // pouch alone would pay (docs/decisions/035-refunds-keep-what-was-earned.md), so ₹1,000.00 goes to the wallet.
    const tote = order.items.find((i) => i.product.name === 'Canvas Tote');
    if (!tote) throw new Error('the tote is on the order');
    await shipItems(t, admin.token, order._id, [tote._id]);
    const move = (status: string) =>
      call('PUT', '/api/orders/save-item-status', admin.token, { id: order._id, item: tote._id, status });
    expect((await move('Delivered')).statusCode).toBe(200);
    const asked = await call('POST', '/api/orders/return-request', s.token, {
      orderId: order._id,
      item: tote._id,
      returnReason: 'Too big',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returned = (await move('Returned')).json().order as OrderDto;
    expect(returned.items.find((i) => i._id === tote._id)).toMatchObject({ status: 'Returned', refunded: 1000 });
    expect((await walletOf(t, s.id)).balance).toBe(1_000_000 - 124_999 + 100_000);
    const [credit] = returned.creditNotes;
    const note = await loadCreditNote(t.database.db, { id: s.id, isAdmin: false }, order._id, credit._id, 'Karnataka');
    expect(note.line).toMatchObject({ taxablePaise: 100_000, taxPaise: 5_000, amountPaise: 105_000 });
    expect(note).toMatchObject({ keptBack: { couponPaise: 0, shippingPaise: 5_000 }, totalPaise: 100_000 });
  });
});
