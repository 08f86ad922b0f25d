import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto } from '@bagshop/shared/order-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { deliverDueMail, type MailWorkerDeps } from '../mail-outbox/worker.ts';
import { expireUnconfirmedCodOrders } from './cod-confirmation.ts';
import { createShopper, placeOrderOf, recordingRealtime, type Shopper, stockOf } from './order-fixtures.ts';

/** A cash-on-delivery order waits for its shopper's confirmation (docs/decisions/036-cod-and-order-limits.md). */
describe('confirming cash-on-delivery orders', () => {
  let t: TestApp;
  let mailDeps: MailWorkerDeps;
  const PUBLIC_URL = 'https://shop.example';
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL }, { payments: createSandboxProvider('cod-confirmation-test') });
    mailDeps = testMailWorkerDeps(t, PUBLIC_URL);
  });
  afterAll(() => t.close());

  const confirm = (s: Shopper, orderId: string) =>
    t.request({ method: 'POST', url: '/api/orders/confirm-cod', token: s.token, payload: { orderId } });
  const confirmByLink = (token: string) =>
    t.request({ method: 'POST', url: '/api/orders/confirm-cod-link', payload: { token } });
  const readOrder = async (s: Shopper, id: string) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, token: s.token })).json().order as OrderDto;
  /** The order as if placed 25 hours ago: its 24 hours to confirm are over. */
  const pastDeadline = (orderId: string) =>
    t.database.db
      .update(orders)
      .set({
        createdAt: sql`${orders.createdAt} - interval '25 hours'` as unknown as Date,
        codConfirmBy: sql`${orders.codConfirmBy} - interval '25 hours'` as unknown as Date,
      })
      .where(eq(orders.id, orderId));

  it('asks for a confirmation by the deadline; the shopper confirms once, nobody else can', async () => {
    const s = await createShopper(t);
    const before = Date.now();
    const { order } = await placeOrderOf(t, s, 'cod');
    expect(order.codConfirmation).toMatchObject({ required: true, confirmedAt: null });
    const deadline = Date.parse(order.codConfirmation?.deadline ?? '');
    expect(deadline - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const other = await createShopper(t);
    expect((await confirm(other, order._id)).statusCode).toBe(404);
    const done = await confirm(s, order._id);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(ORDER_MSG.codConfirmed);
    expect(done.json().order.codConfirmation).toMatchObject({ required: false });
    const confirmedAt = done.json().order.codConfirmation.confirmedAt;
    expect(confirmedAt).not.toBeNull();
    // Twice is once.
    expect((await confirm(s, order._id)).json().order.codConfirmation.confirmedAt).toBe(confirmedAt);

    const card = await placeOrderOf(t, s, 'razorpay');
    expect(card.order.codConfirmation).toBeNull();
    const notNeeded = await confirm(s, card.order._id);
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json().message).toBe(ORDER_MSG.codConfirmNotNeeded);
  });

  it('the order mail carries a signed link that confirms without signing in; a forged one does not', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'cod', { name: 'Jute Tote' });
    await deliverDueMail(mailDeps, new Date(Date.now() + 1));
    const mail = t.mail.messages.find((m) => m.to.includes(s.email.toLowerCase()) && m.subject.includes(order.orderId));
    expect(mail?.text).toContain('Please confirm your cash-on-delivery order by');
    const link = /https:\/\/shop\.example\/confirm-cod\?token=([^\s\]]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const forged = `${order._id}.${'A'.repeat(43)}`;
    const refused = await confirmByLink(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ORDER_MSG.codConfirmLinkInvalid);
    expect((await readOrder(s, order._id)).codConfirmation?.required).toBe(true);

    const done = await confirmByLink(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ORDER_MSG.codConfirmed, orderId: order.orderId });
    expect((await readOrder(s, order._id)).codConfirmation).toMatchObject({ required: false });
  });

  it('unconfirmed past the deadline: cancelled once by the shop, stock back, mailed; a late confirmation is refused', async () => {
    const s = await createShopper(t);
    const waiting = await placeOrderOf(t, s, 'cod', { name: 'Sling Bag', pricePaise: 29_900, quantity: 4 }, 2);
    const confirmed = await placeOrderOf(t, s, 'cod', { name: 'Hobo Bag', quantity: 4 });
    expect((await confirm(s, confirmed.order._id)).statusCode).toBe(200);
    // One the desk shipped before the shopper confirmed: it waits for nobody any more.
    const shipped = await placeOrderOf(t, s, 'cod', { name: 'Tote Bag', quantity: 4 });
    await t.database.db.update(orderItems).set({ status: 'Shipped' }).where(eq(orderItems.orderId, shipped.order._id));
    await pastDeadline(waiting.order._id);
    await pastDeadline(confirmed.order._id);
    await pastDeadline(shipped.order._id);
    expect(await stockOf(t, waiting.bag.id)).toBe(2);

    // Two processes' jobs at once: each order is cancelled once.
    const realtime = recordingRealtime();
    const runs = await Promise.all([
      expireUnconfirmedCodOrders({ db: t.database.db, realtime }),
      expireUnconfirmedCodOrders({ db: t.database.db, realtime }),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    const expired = await readOrder(s, waiting.order._id);
    expect(expired.items[0]).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Cash-on-delivery order not confirmed within 24 hours',
    });
    expect(expired.codConfirmation).toMatchObject({ required: false, confirmedAt: null });
    expect(await stockOf(t, waiting.bag.id)).toBe(4);
    expect(realtime.updates).toEqual([
      [{ orderId: waiting.order._id, itemId: waiting.order.items[0]._id, status: 'Cancelled' }, s.id],
    ]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    expect(mails.filter((m) => m.kind === 'item-cancelled')).toHaveLength(1);

    expect((await readOrder(s, confirmed.order._id)).items[0].status).toBe('Pending');
    expect((await readOrder(s, shipped.order._id)).items[0].status).toBe('Shipped');
    const late = await confirm(s, waiting.order._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ORDER_MSG.codConfirmTooLate);
  });
});
