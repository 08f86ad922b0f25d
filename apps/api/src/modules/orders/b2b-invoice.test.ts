import type { OrderDto } from '@bagshop/shared/order-types';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createShopper, fundWallet, putInCart } from './order-fixtures.ts';

/**
 * A registered business buyer (docs/decisions/042-gst-on-what-is-paid.md): the GSTIN typed on the delivery address
 * goes on the order and on its tax invoice, with the place of supply as state and code, so the buyer can claim the
 * input tax credit.
 */
describe('B2B tax invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prints the buyer GSTIN under their address and the place of supply as "Maharashtra (27)"', async () => {
    const s = await createShopper(t, 'Maharashtra');
    const gstin = '27AAPFU0939F1ZV';
    // The shopper adds the business's GSTIN to the address through the address form's API, typed loosely.
    const saved = await t.request({
      method: 'PUT',
      url: `/api/user/account/edit-address/${s.addressId}`,
      token: s.token,
      payload: {
        name: 'Rao Traders LLP',
        houseName: 'Unit 4, Andheri Industrial Estate',
        street: 'Link Road',
        town: 'Mumbai',
        zipcode: '400053',
        state: 'Maharashtra',
        country: 'IN',
        phone: '9876543210',
        gstin: ` ${gstin.toLowerCase()} `,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await fundWallet(t, s.id, 1_000_000);
    const bag = await createProduct(t, { name: 'Office Briefcase', pricePaise: 250_000, quantity: 5 });
    await putInCart(t, s.id, [{ productId: bag.id, qty: 2 }]);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod: 'wallet' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as OrderDto;
    expect(order.shippingAddress).toMatchObject({ state: 'Maharashtra', gstin });

    const pdf = await t.request({ method: 'GET', url: `/api/orders/${order._id}/invoice`, token: s.token });
    expect(pdf.statusCode).toBe(200);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain(`GSTIN: ${gstin}`);
    expect(text).toContain('Rao Traders LLP');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST 5 %');
    expect(text).not.toContain('CGST 2.5 %');
  });
});
