import zlib from 'node:zlib';
import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { asPaise } from '@bagshop/shared/pricing/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, KARNATAKA_ADDRESS } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { gstLines } from './invoice.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Asha Rao' });
  other = await createUser(t);
  admin = await createUser(t, { isAdmin: true });
});
afterAll(() => t.close());

/**
 * The text shown by a PDF from pdfkit: its content streams inflated, the hex strings of each TJ joined. Each stream
 * is cut by its /Length, since compressed bytes may themselves contain "endstream".
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1'));
      lines.push(hex.join(''));
    }
  }
  return lines.join('\n');
}

const invoice = (id: string, token?: string) => t.request({ method: 'GET', url: `/api/orders/${id}/invoice`, token });

describe('GST invoice', () => {
  it('splits the tax into CGST and SGST for a delivery in the seller state', async () => {
    const { order } = await insertOrder(t, owner.id, {
      lines: [
        { name: 'Trail Pack', color: 'Green', pricePaise: 200_000, discountPaise: 20_000, qty: 2 },
        { name: 'City Tote', color: 'Beige', pricePaise: 99_900 },
      ],
    });
    const res = await invoice(order.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain(`Order number: ${order.orderNumber}`);
    expect(text).toContain('Trail Pack');
    expect(text).toContain('Green');
    // 2 × (₹2,000 − ₹200) after offer; tax 5 % of ₹4,999 gross = ₹249.95 → 124.98 + 124.97.
    expect(text).toContain('Rs. 1,800.00');
    expect(text).toContain('Rs. 3,600.00');
    expect(text).toContain('CGST 2.5 %');
    expect(text).toContain('SGST 2.5 %');
    expect(text).toContain('Rs. 124.98');
    expect(text).toContain('Rs. 124.97');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Free');
    expect(text).toContain('Rs. 4,848.95');
  });

  it('charges IGST for a delivery to another state', async () => {
    const { order } = await insertOrder(t, owner.id, {
      lines: [{ pricePaise: 50_000 }],
      order: { shippingAddress: { ...KARNATAKA_ADDRESS, state: 'Maharashtra', town: 'Pune', zipcode: '411001' } },
    });
    const text = pdfText((await invoice(order.id, owner.token)).rawPayload);
    expect(text).toContain('IGST 5 %');
    expect(text).toContain('Rs. 25.00');
    expect(text).toContain('Place of supply: Maharashtra');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Shipping');
    expect(text).toContain('Rs. 50.00');
  });

  it('is readable by an administrator too', async () => {
    const { order } = await insertOrder(t, owner.id);
    expect((await invoice(order.id, admin.token)).statusCode).toBe(200);
  });

  it('answers 404 to anyone else, 401 without a token', async () => {
    const { order } = await insertOrder(t, owner.id);
    for (const id of [order.id, crypto.randomUUID(), 'nope']) {
      const res = await invoice(id, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ORDER_MSG.orderNotFound);
    }
    expect((await invoice(order.id)).statusCode).toBe(401);
  });

  it('exists for cash on delivery before payment but not for an unpaid card order', async () => {
    const cod = await insertOrder(t, owner.id, { order: { paymentMethod: 'cod', paymentStatus: 'Pending' } });
    expect((await invoice(cod.order.id, owner.token)).statusCode).toBe(200);
    const card = await insertOrder(t, owner.id, { order: { paymentMethod: 'razorpay', paymentStatus: 'Pending' } });
    expect((await invoice(card.order.id, owner.token)).statusCode).toBe(409);
  });

  it('exists for a paid order refunded to the wallet, not for a late card payment refunded to the card', async () => {
    const paidThenRefunded = await insertOrder(t, owner.id, {
      order: { paymentMethod: 'razorpay', paymentStatus: 'Refunded' },
    });
    expect((await invoice(paidThenRefunded.order.id, owner.token)).statusCode).toBe(200);
    const neverPaid = await insertOrder(t, owner.id, {
      order: { paymentMethod: 'razorpay', paymentStatus: 'Refunded', paidAt: null },
    });
    const refused = await invoice(neverPaid.order.id, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_ORDER_MSG.invoiceNotReady);
  });
});

describe('gstLines', () => {
  it('halves the tax to the paisa inside the state and keeps it whole outside', () => {
    expect(gstLines(asPaise(2_499), 'Karnataka', 'karnataka ')).toEqual([
      { label: 'CGST 2.5 %', paise: 1_250 },
      { label: 'SGST 2.5 %', paise: 1_249 },
    ]);
    expect(gstLines(asPaise(2_499), 'Karnataka', 'Kerala')).toEqual([{ label: 'IGST 5 %', paise: 2_499 }]);
  });
});
