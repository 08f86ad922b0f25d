import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../../test/catalogue.ts';
import type { CaughtMail } from '../../../test/mail-catcher.ts';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { shipmentBody } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { createMailTransport } from '../../platform/mail.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { shopMailSources, shopMailTransport, startShopMailWorker } from '../../workflows/shop-mail/shop-mail.ts';
import {
  createShopper,
  fundWallet,
  placeOrderOf,
  putInCart,
  recordingRealtime,
  type Shopper,
} from '../orders/order-fixtures.ts';
import { moveLockedItems } from '../orders/service.ts';
import { expireUnpaidOrders } from '../payments/service.ts';
import { credit } from '../wallet/service.ts';
import { claimDueMail, enqueueMail, LEASE_MS, retryDelayMs } from './outbox.ts';
import { deliverDueMail, type MailWorkerDeps } from './worker.ts';

const PUBLIC_URL = 'https://shop.example.in';

describe('order mail through the outbox', () => {
  let t: TestApp;
  let deps: MailWorkerDeps;
  const failures: unknown[] = [];
  const provider = createSandboxProvider('mail-outbox-test');

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL }, { payments: provider });
    deps = testMailWorkerDeps(t, PUBLIC_URL, (error) => failures.push(error));
  });
  afterAll(() => t.close());

  const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()));
  const rowsOf = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const inr = (rupees: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);
  const request = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, token?: string, payload?: object) =>
    t.request({ method, url, token, payload });

  /**
   * A moment no earlier than any row queued so far falls due: PostgreSQL stamps rows to the microsecond, a Date holds
   * whole milliseconds, so `new Date()` read within a millisecond of the queueing can fall just before the row's time.
   */
  const dueNow = () => new Date(Date.now() + 1);

  /** Sends what is due and returns the mails that arrived for `email` during the call. */
  async function deliverFor(email: string, now = dueNow()): Promise<CaughtMail[]> {
    const before = mailsTo(email).length;
    await deliverDueMail(deps, now);
    return mailsTo(email).slice(before);
  }

  describe('each mail kind', () => {
    let s: Shopper;
    let placed: PlaceOrderResponse;
    beforeAll(async () => {
      s = await createShopper(t);
      await fundWallet(t, s.id, 1_000_000);
      placed = await placeOrderOf(t, s, 'wallet', { name: 'Canvas Tote', pricePaise: 49_900 }, 2);
    });

    it('order placed: items, amounts, address and the GST invoice as a PDF, once', async () => {
      const [mail, ...more] = await deliverFor(s.email);
      expect(more).toEqual([]);
      const { order } = placed;
      expect(mail.subject).toBe(`Order ${order.orderId} placed`);
      expect(mail.text).toContain('Canvas Tote (Black) × 2');
      expect(mail.text).toContain(inr(order.finalAmount));
      expect(mail.text).toContain('Lake View, MG Road, Bengaluru, Karnataka 560001');
      expect(mail.text).toContain(`${PUBLIC_URL}/order-details/${order._id}`);
      expect(mail.html).toContain('Thank You for your Order');
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@bagshop\.local>$/);
      expect(mail.attachments).toHaveLength(1);
      const [pdf] = mail.attachments;
      expect(pdf).toMatchObject({ filename: `invoice-${order.orderId}.pdf`, contentType: 'application/pdf' });
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await new PDFParse({ data: new Uint8Array(pdf.content) }).getText();
      expect(text).toContain(order.orderId);
      expect(text.replace(/\s+/g, ' ')).toContain(inr(order.finalAmount).replace('₹', ''));
      expect(await deliverFor(s.email)).toEqual([]);
      const [row] = await rowsOf(s.email);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'order-placed', subject: mail.subject });
    });

    it('cancelled with the refund to the wallet', async () => {
      const itemId = placed.order.items[0]._id;
      const res = await request('PUT', '/api/orders/cancel', s.token, {
        orderId: placed.order._id,
        item: itemId,
        cancelReason: 'Ordered the wrong colour',
      });
      expect(res.statusCode).toBe(200);
      const refunded = res.json().order.items[0].refunded as number;
      expect(refunded).toBeGreaterThan(0);
      const [mail, ...more] = await deliverFor(s.email);
      expect(more).toEqual([]);
      expect(mail.subject).toBe(`Cancelled: Canvas Tote (order ${placed.order.orderId})`);
      expect(mail.text).toContain('Reason: Ordered the wrong colour');
      expect(mail.text).toContain(`${inr(refunded)} has been refunded to your Bag Shop wallet.`);
    });

    it('shipped, delivered, return requested, rejected, asked again and approved: one mail each', async () => {
      const admin = await createUser(t, { isAdmin: true });
      const { order } = await placeOrderOf(t, s, 'cod', { name: 'Laptop Sleeve' });
      const [placedMail, ...others] = await deliverFor(s.email);
      expect(others).toEqual([]);
      expect(placedMail.subject).toBe(`Order ${order.orderId} placed`);
      // CGST Act s. 31(1)(a): cash on delivery is invoiced when the goods leave, so the invoice rides with the
      // shipped mail (docs/decisions/042-gst-on-what-is-paid.md).
      expect(placedMail.attachments).toEqual([]);
      expect(placedMail.text).toContain('Your GST invoice comes with the mail that tells you your order has shipped');
      const item = order.items[0]._id;
      // The shopper confirms the cash-on-delivery order; that sends no mail.
      expect((await request('POST', '/api/orders/confirm-cod', s.token, { orderId: order._id })).statusCode).toBe(200);
      expect(await deliverFor(s.email)).toEqual([]);
      const adminMove = (status: string, extra: object = {}) =>
        request('PUT', '/api/orders/save-item-status', admin.token, {
          id: order._id,
          item,
          status,
          ...extra,
        });
      const book = () => request('POST', '/api/admin/shipments', admin.token, shipmentBody(order._id));
      const steps: Array<[() => ReturnType<typeof request>, RegExp, string?]> = [
        [book, /^Shipped: Laptop Sleeve/],
        [() => adminMove('Delivered'), /^Delivered: Laptop Sleeve/],
        [
          () =>
            request('POST', '/api/orders/return-request', s.token, {
              orderId: order._id,
              item,
              returnReason: 'Too small',
            }),
          /^Return requested: Laptop Sleeve/,
          'Reason: Too small',
        ],
        [() => adminMove('Delivered', { reason: 'Used' }), /^Return not approved: Laptop Sleeve/, 'Reason: Used'],
        [
          () =>
            request('POST', '/api/orders/return-request', s.token, {
              orderId: order._id,
              item,
              returnReason: 'Still too small',
            }),
          /^Return requested: Laptop Sleeve/,
          'Reason: Still too small',
        ],
        [() => adminMove('Returned'), /^Return approved: Laptop Sleeve/, 'has been refunded to your Bag Shop wallet'],
      ];
      for (const [move, subject, line] of steps) {
        const res = await move();
        expect(res.statusCode, res.body).toBe(move === book ? 201 : 200);
        const mails = await deliverFor(s.email);
        expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(subject)]);
        expect(mails[0].text).toContain(`${PUBLIC_URL}/order-details/${order._id}`);
        if (line) expect(mails[0].text).toContain(line);
        const invoices = mails[0].attachments.filter((a) => a.contentType === 'application/pdf');
        if (mails[0].subject.startsWith('Shipped:')) {
          expect(invoices).toHaveLength(1);
          const { text } = await new PDFParse({ data: new Uint8Array(invoices[0].content) }).getText();
          expect(text).toContain(order.orderId);
          const number = /INV\/\d\d-\d\d\/\d{6}/.exec(text)?.[0];
          expect(mails[0].text).toContain(`Your GST invoice ${number} is attached as a PDF.`);
          // The invoice was issued in the booking's transaction: the order already shows it, unpaid.
          const shipped = (await request('GET', `/api/orders/${order._id}`, s.token)).json().order;
          expect(shipped).toMatchObject({ invoiceNumber: number, paymentStatus: 'Pending' });
        } else {
          expect(invoices).toEqual([]);
        }
      }
    });

    it('card order: payment failed (with a retry link), then placed once the payment succeeds', async () => {
      const { order, payment } = await placeOrderOf(t, s, 'razorpay', { name: 'Jute Shopper' });
      expect(await deliverFor(s.email)).toEqual([]);
      const fail = await request('POST', '/api/payments/sandbox/complete', s.token, {
        id: payment?.id,
        outcome: 'failure',
      });
      expect(fail.statusCode).toBe(402);
      const [failed, ...more] = await deliverFor(s.email);
      expect(more).toEqual([]);
      expect(failed.subject).toBe(`Payment for order ${order.orderId} did not go through`);
      expect(failed.text).toContain(`${PUBLIC_URL}/pending/order-details/${order._id}`);

      const retry = await request('POST', '/api/user/retry-payment', s.token, { orderId: order._id });
      expect(retry.statusCode, retry.body).toBe(200);
      const providerOrderId = retry.json().order.id;
      const done = await request('POST', '/api/payments/sandbox/complete', s.token, {
        id: providerOrderId,
        outcome: 'success',
      });
      expect(done.statusCode, done.body).toBe(200);
      const verify = { orderId: order._id, ...done.json() };
      const verified = await request('POST', '/api/user/verify-retry-payment', s.token, verify);
      expect(verified.statusCode, verified.body).toBe(200);
      // The browser's verification and a replay of it: one mail.
      expect((await request('POST', '/api/user/verify-retry-payment', s.token, verify)).statusCode).toBe(200);
      const placedMails = await deliverFor(s.email);
      expect(placedMails.map((m) => m.subject)).toEqual([`Order ${order.orderId} placed`]);
      expect(placedMails[0].attachments[0].contentType).toBe('application/pdf');
    });

    it('wallet credited (a referral bonus) and password changed', async () => {
      const u = await createUser(t, { name: 'Ravi Kumar' });
      await t.database.db.transaction((tx) =>
        credit(tx, { userId: u.id, amountPaise: asPaise(15_000), type: 'Referral Bonus', description: 'Referral' }),
      );
      const newPassword = 'Fresh@2025';
      const changed = await request('POST', '/api/user/change-password', u.token, {
        currentPassword: u.password,
        newPassword,
        confirmPassword: newPassword,
      });
      expect(changed.statusCode).toBe(200);
      const mails = await deliverFor(u.email);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Your password was changed',
        `${inr(150)} added to your wallet`,
      ]);
      expect(mails.every((m) => m.text.startsWith('Bag Shop Retail') || m.text.includes('Hello Ravi Kumar,'))).toBe(
        true,
      );
    });
  });

  it('an unpaid card order that expires: one cancel mail naming all its items, no refund line', async () => {
    const s = await createShopper(t);
    const bags = [];
    for (const name of ['Canvas Tote', 'Jute Shopper', 'Laptop Sleeve']) bags.push(await createProduct(t, { name }));
    await putInCart(
      t,
      s.id,
      bags.map((b) => ({ productId: b.id, qty: 1 })),
    );
    const res = await request('POST', '/api/orders', s.token, { addressId: s.addressId, paymentMethod: 'razorpay' });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as PlaceOrderResponse;
    // A second shopper's one-item order expires in the same run: its mail goes out in the same claim.
    const other = await createShopper(t);
    const single = await placeOrderOf(t, other, 'razorpay', { name: 'Weekender' });
    const afterWindow = new Date(Date.parse(single.order.expiresAt ?? '') + 60_000);
    const expired = await expireUnpaidOrders(
      { db: t.database.db, realtime: recordingRealtime(), moveLockedItems },
      afterWindow,
    );
    expect(expired).toBeGreaterThanOrEqual(2);

    const before = [mailsTo(s.email).length, mailsTo(other.email).length];
    await deliverDueMail(deps, dueNow());
    const [mail, ...more] = mailsTo(s.email).slice(before[0]);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Cancelled: 3 items (order ${order.orderId})`);
    expect(mail.html).toContain('Your items have been cancelled');
    for (const name of ['Canvas Tote', 'Jute Shopper', 'Laptop Sleeve'])
      expect(mail.text).toContain(`${name} (Black) × 1`);
    expect(mail.text).toContain('Reason: Payment not received within 30 minutes');
    expect(mail.text).not.toMatch(/refund/i);
    expect(mail.text).toContain(`${PUBLIC_URL}/order-details/${order._id}`);

    const [otherMail, ...otherMore] = mailsTo(other.email).slice(before[1]);
    expect(otherMore).toEqual([]);
    expect(otherMail.subject).toBe(`Cancelled: Weekender (order ${single.order.orderId})`);
    expect(otherMail.html).toContain('Your item has been cancelled');
    const rows = await rowsOf(s.email);
    expect(rows.filter((r) => r.kind === 'item-cancelled')).toHaveLength(1);
  });

  it('without SMTP_URL in production: one short line per mail, the address masked, and the row kept as sent', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'cod', { name: 'Sling Bag' });
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: '', PUBLIC_URL, LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const before = t.mail.messages.length;
    await deliverDueMail({ ...deps, transport: shopMailTransport(config, (line) => lines.push(line)) }, dueNow());
    expect(t.mail.messages.length).toBe(before);
    const masked = `${s.email[0]}***${s.email.slice(s.email.indexOf('@'))}`;
    expect(lines).toContain(`[mail, not sent] order-placed, order ${order.orderId} to ${masked}`);
    expect(lines.join('\n')).not.toContain(s.email);
    expect(lines.join('\n')).not.toContain('Sling Bag');
    const [row] = await rowsOf(s.email);
    expect(row).toMatchObject({ status: 'sent', kind: 'order-placed', subject: `Order ${order.orderId} placed` });
    expect(row.text).toContain('Sling Bag');
  });

  it('a claim that runs short of its lease hands the rest back at once, and each is sent once', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (const u of users) {
      await t.database.db.transaction((tx) =>
        enqueueMail(tx, `password-changed:${u.id}:slow`, { userId: u.id }, 'password-changed', {
          at: new Date().toISOString(),
        }),
      );
    }
    // A mail server so slow that the first hand-over takes past half the lease (the clock is moved, not waited for).
    let delivered = 0;
    const slow: MailWorkerDeps['transport'] = {
      sends: true,
      async deliver(mail) {
        await deps.transport.deliver(mail);
        delivered += 1;
        vi.setSystemTime(Date.now() + LEASE_MS);
      },
      close() {},
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await deliverDueMail({ ...deps, transport: slow }, dueNow())).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(delivered).toBe(1);
    const rows = (await Promise.all(users.map((u) => rowsOf(u.email)))).flat();
    expect(rows.map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['sent', 1],
    ]);
    expect(await deliverDueMail(deps, dueNow())).toBe(2);
    for (const u of users) expect(mailsTo(u.email)).toHaveLength(1);
  });

  it('a rolled-back transaction queues nothing, and one event key queues one mail', async () => {
    const u = await createUser(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, `password-changed:${u.id}:rolled-back`, { userId: u.id }, 'password-changed', {
          at: new Date().toISOString(),
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rowsOf(u.email)).toEqual([]);

    // An order refused for want of stock: no mail either.
    const s = await createShopper(t);
    const refused = await placeOrderOf(t, s, 'cod', { quantity: 0 }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(await rowsOf(s.email)).toEqual([]);

    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction((tx) =>
        enqueueMail(tx, `password-changed:${u.id}:once`, { userId: u.id }, 'password-changed', {
          at: '2026-11-24T10:00:00Z',
        }),
      );
    }
    expect(await rowsOf(u.email)).toHaveLength(1);
    expect(await deliverFor(u.email)).toHaveLength(1);
  });

  it('an SMTP outage: retried with backoff, and after recovery each mail is sent exactly once', async () => {
    const u = await createUser(t);
    const queue = (n: number) =>
      t.database.db.transaction((tx) =>
        enqueueMail(tx, `password-changed:${u.id}:outage-${n}`, { userId: u.id }, 'password-changed', {
          at: new Date().toISOString(),
        }),
      );
    await queue(1);
    await queue(2);
    t.mail.refuse(true);
    try {
      const now = dueNow();
      expect(await deliverFor(u.email, now)).toEqual([]);
      const rows = await rowsOf(u.email);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
      expect(rows[0].lastError).toMatch(/451/);
      expect(rows[0].nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
      // Not before the backoff is over; the second failure waits twice as long.
      expect(await deliverFor(u.email, now)).toEqual([]);
      const second = new Date(now.getTime() + retryDelayMs(1));
      expect(await deliverFor(u.email, second)).toEqual([]);
      expect((await rowsOf(u.email)).map((r) => r.nextAttemptAt.getTime())).toEqual([
        second.getTime() + retryDelayMs(2),
        second.getTime() + retryDelayMs(2),
      ]);
      expect(failures.length).toBeGreaterThan(0);
    } finally {
      t.mail.refuse(false);
      failures.length = 0;
    }
    const later = new Date(Date.now() + retryDelayMs(1) + retryDelayMs(2) + 1000);
    expect(await deliverFor(u.email, later)).toHaveLength(2);
    expect(await deliverFor(u.email, new Date(later.getTime() + LEASE_MS * 10))).toEqual([]);
    expect((await rowsOf(u.email)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
    ]);
  });

  it('two workers on one database send each row once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    for (const u of users) {
      await t.database.db.transaction((tx) =>
        enqueueMail(tx, `password-changed:${u.id}:two-workers`, { userId: u.id }, 'password-changed', {
          at: new Date().toISOString(),
        }),
      );
    }
    const other = connectDatabase(String(t.database.pool.options.connectionString), 3);
    try {
      const now = dueNow();
      const [a, b] = await Promise.all([deliverDueMail(deps, now), deliverDueMail({ ...deps, db: other.db }, now)]);
      expect(a + b).toBe(users.length);
    } finally {
      await other.close();
    }
    for (const u of users) expect(mailsTo(u.email)).toHaveLength(1);
  });

  it('a worker that dies mid-send: another sends the mail once its lease is over', async () => {
    const u = await createUser(t);
    await t.database.db.transaction((tx) =>
      enqueueMail(tx, `password-changed:${u.id}:crash`, { userId: u.id }, 'password-changed', {
        at: new Date().toISOString(),
      }),
    );
    const now = dueNow();
    const claimed = await claimDueMail(t.database.db, now, 100); // …and the worker is gone
    expect(claimed.map((c) => c.to)).toContain(u.email);
    expect(await deliverFor(u.email, now)).toEqual([]);
    expect(await deliverFor(u.email, new Date(now.getTime() + LEASE_MS - 1000))).toEqual([]);
    expect(await deliverFor(u.email, new Date(now.getTime() + LEASE_MS + 1000))).toHaveLength(1);
    const [row] = await rowsOf(u.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the started worker wakes on the commit that queued mail, and stops', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: t.mail.url, PUBLIC_URL, LOG_LEVEL: 'silent' });
    const worker = startShopMailWorker({
      db: t.database.db,
      pool: t.database.pool,
      config,
      log: () => {},
      onError: (error) => failures.push(error),
    });
    try {
      const s = await createShopper(t);
      const { order } = await placeOrderOf(t, s, 'cod');
      const mail = await t.mail.next(s.email, /placed$/);
      expect(mail.subject).toBe(`Order ${order.orderId} placed`);
    } finally {
      await worker.stop();
    }
  });

  it('"Notify me": asked once per shopper, only when out of stock; the first restock mails each asker once', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const [ana, ben, chitra] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const s = await createShopper(t);
    const { bag } = await placeOrderOf(t, s, 'cod', { name: 'Weekender', quantity: 1 });
    await deliverDueMail(deps, dueNow());
    const url = `/api/user/notify-me/${bag.id}`;

    expect((await request('POST', url)).statusCode).toBe(401);
    expect(
      (await request('POST', '/api/user/notify-me/00000000-0000-4000-8000-000000000000', ana.token)).statusCode,
    ).toBe(404);
    expect((await request('POST', '/api/user/notify-me/not-an-id', ana.token)).statusCode).toBe(404);
    for (const u of [ana, ana, ben, chitra]) {
      const res = await request('POST', url, u.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notifying: true, message: "We'll mail you when it is back in stock" });
    }
    expect((await request('GET', url, ana.token)).json()).toEqual({ notifying: true });
    expect((await request('DELETE', url, chitra.token)).json()).toMatchObject({ notifying: false });
    expect((await request('DELETE', url, chitra.token)).statusCode).toBe(200);
    expect((await request('GET', url, chitra.token)).json()).toEqual({ notifying: false });

    // The administrator's edit form, as the admin screen sends it.
    const restock = async (quantity: number) => {
      const form = new FormData();
      const fields = {
        name: 'Weekender',
        description: 'A sturdy everyday bag',
        price: '499',
        offer: 'none',
        category: bag.categoryId,
        quantity: String(quantity),
        brand: 'Wildcraft',
        color: 'Black',
        size: '30Lx12Bx40Hcm',
      };
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const encoded = new Response(form);
      const res = await t.request({
        method: 'PUT',
        url: `/api/products/${bag.id}`,
        token: admin.token,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await restock(4);
    expect((await request('POST', url, ben.token)).statusCode).toBe(409);
    await deliverDueMail(deps, dueNow());
    for (const u of [ana, ben]) {
      expect(mailsTo(u.email).map((m) => m.subject)).toEqual(['Back in stock: Weekender']);
      expect(mailsTo(u.email)[0].text).toContain(`${PUBLIC_URL}/details/${bag.id}`);
    }
    expect(mailsTo(chitra.email)).toEqual([]);
    // A later sell-out and restock mails nobody again: the requests were cleared.
    await t.database.db.execute(sql`update products set quantity = 0 where id = ${bag.id}`);
    await restock(6);
    await deliverDueMail(deps, dueNow());
    for (const u of [ana, ben]) expect(mailsTo(u.email)).toHaveLength(1);
    expect(failures).toEqual([]);
  });
});

describe('links in mail behind a proxy without PUBLIC_URL', () => {
  it('name the first allowed host, never one a request forged', async () => {
    const env = { TRUST_PROXY: 'loopback', ALLOWED_HOSTS: 'shop.example.in,www.shop.example.in' };
    const shop = await createTestApp(env);
    try {
      const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: shop.mail.url, LOG_LEVEL: 'silent', ...env });
      const s = await createShopper(shop);
      await fundWallet(shop, s.id, 100_000);
      const bag = await createProduct(shop, { pricePaise: 49_900, quantity: 10 });
      await putInCart(shop, s.id, [{ productId: bag.id, qty: 1 }]);
      const placed = await shop.request({
        method: 'POST',
        url: '/api/orders',
        token: s.token,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        payload: { addressId: s.addressId, paymentMethod: 'wallet' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const { order } = placed.json() as PlaceOrderResponse;
      await deliverDueMail(
        {
          db: shop.database.db,
          transport: createMailTransport({ smtpUrl: shop.mail.url, from: config.MAIL_FROM, log: () => {} }),
          sources: shopMailSources(shop.database.db, config),
          from: config.MAIL_FROM,
          onError: (error) => {
            throw error;
          },
        },
        new Date(Date.now() + 1),
      );
      const [mail] = shop.mail.messages.filter((m) => m.to.includes(s.email.toLowerCase()));
      expect(mail.text).toContain(`http://shop.example.in/order-details/${order._id}`);
      expect(mail.html).toContain(`http://shop.example.in/order-details/${order._id}`);
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    } finally {
      await shop.close();
    }
  });
});
