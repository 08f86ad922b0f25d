import type { OrderDto } from '@bagshop/shared/order-types';
import type { AdminShipmentDto } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShiprocket, startFakeShiprocket } from '../../../test/fake-shiprocket.ts';
import { testMailWorkerDeps } from '../../../test/mail-worker.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { loadConfig } from '../../config.ts';
import { shipmentEvents, shipments, shippingEstimates } from '../../db/schema/shipping.ts';
import { createSandboxProvider } from '../../platform/payments/sandbox.ts';
import { createShiprocketProvider } from '../../platform/shipping/shiprocket.ts';
import { forgetEstimates } from '../delivery/service.ts';
import { deliverDueMail, type MailWorkerDeps } from '../mail-outbox/worker.ts';
import { createShopper, fundWallet, placeOrderOf, type Shopper, stockOf, walletOf } from '../orders/order-fixtures.ts';
import { pollQuietShipments } from './service.ts';

/** Shipping through Shiprocket, against the fake written from its public API (docs/decisions/039-shipping.md). */
describe('shipping with Shiprocket', () => {
  const WEBHOOK_TOKEN = 'webhook-token-0123456789';
  const PUBLIC_URL = 'https://shop.example';
  let fake: FakeShiprocket;
  let t: TestApp;
  let admin: TestUser;
  let mailDeps: MailWorkerDeps;
  const adapter = () =>
    createShiprocketProvider({
      email: fake.email,
      password: fake.password,
      apiUrl: fake.url,
      pickupLocation: 'Primary',
      timeoutMs: 300,
      retryDelayMs: 1,
    });

  beforeAll(async () => {
    fake = await startFakeShiprocket();
    t = await createTestApp(
      {
        PUBLIC_URL,
        SHIPPING_PROVIDER: 'shiprocket',
        SHIPROCKET_EMAIL: fake.email,
        SHIPROCKET_PASSWORD: fake.password,
        SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
        SHIPROCKET_API_URL: fake.url,
      },
      { payments: createSandboxProvider('shipping-test'), shipping: adapter },
    );
    admin = await createUser(t, { isAdmin: true });
    mailDeps = testMailWorkerDeps(t, PUBLIC_URL);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => forgetEstimates());

  const estimate = (pincode: string) => t.request({ method: 'GET', url: `/api/shipping/estimate?pincode=${pincode}` });
  const book = (body: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/shipments', token: admin.token, payload: body });
  const webhook = (body: Record<string, unknown>, key: string | null = WEBHOOK_TOKEN) =>
    t.request({
      method: 'POST',
      url: '/api/shipping/webhook',
      headers: key === null ? {} : { 'x-api-key': key },
      payload: body,
    });
  const readOrder = async (s: Shopper, id: string) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, token: s.token })).json().order as OrderDto;
  const confirmedCod = async (s: Shopper) => {
    const placed = await placeOrderOf(t, s, 'cod');
    await t.request({
      method: 'POST',
      url: '/api/orders/confirm-cod',
      token: s.token,
      payload: { orderId: placed.order._id },
    });
    return placed;
  };
  /**
   * A tracking webhook as Shiprocket's documentation shows it, with the fields the shop does not read: its
   * current_timestamp comes day first ('05 12 2026 14:10:00'), its scans' dates year first.
   */
  const scan = (awb: string, status: string, date: string) => ({
    awb,
    courier_name: 'Delhivery Surface',
    current_status: status,
    current_status_id: 99,
    shipment_status: status,
    shipment_status_id: 7,
    current_timestamp: date.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3 $2 $1'),
    order_id: 'ignored',
    sr_order_id: 348456385,
    awb_assigned_date: '2026-12-02 11:59:16',
    pickup_scheduled_date: '2026-12-02 11:59:17',
    etd: '2026-12-05 18:00:00',
    scans: [
      {
        date,
        status: 'X-UCI',
        activity: `${status} scan`,
        location: 'Mumbai Hub',
        'sr-status': '1',
        'sr-status-label': status,
      },
    ],
    is_return: 0,
    channel_id: 3422553,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  });
  const mailsTo = async (email: string) => {
    await deliverDueMail(mailDeps, new Date(Date.now() + 1));
    return t.mail.messages.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.subject);
  };

  it('estimates delivery by pincode, caches the answer a day across processes, refuses a malformed pincode', async () => {
    const first = await estimate('400050');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ pincode: '400050', serviceable: true, codAvailable: true });
    expect(first.json().earliest <= first.json().latest).toBe(true);
    const asked = fake.calls.serviceability;
    expect((await estimate('400050')).json()).toEqual(first.json());
    // Another process, with its own memory, reads the shared table instead of asking the courier again.
    const other = await t.sibling();
    forgetEstimates();
    const fromOther = await other.app.inject({ method: 'GET', url: '/api/shipping/estimate?pincode=400050' });
    expect(fromOther.json()).toEqual(first.json());
    await other.close();
    expect(fake.calls.serviceability).toBe(asked);
    // A day later the courier is asked again.
    await t.database.db
      .update(shippingEstimates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shippingEstimates.pincode, '400050'));
    forgetEstimates();
    await estimate('400050');
    expect(fake.calls.serviceability).toBeGreaterThan(asked);

    for (const bad of ['4000', '040005', 'abcdef', '4000500']) {
      const refused = await estimate(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(SHIPPING_MSG.pincodeInvalid);
    }
  });

  it('limits each address to 30 pincodes the courier must be asked about in ten minutes', async () => {
    const from = (pincode: string) =>
      t.request({ method: 'GET', url: `/api/shipping/estimate?pincode=${pincode}`, remoteAddress: '203.0.113.9' });
    const pincodes = Array.from({ length: 30 }, (_, i) => String(500_001 + i));
    for (const pincode of pincodes) expect((await from(pincode)).statusCode).toBe(200);
    const asked = fake.calls.serviceability;
    // Known today: answered from the cache, not counted.
    expect((await from(pincodes[0])).statusCode).toBe(200);
    const refused = await from('500099');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(fake.calls.serviceability).toBe(asked);
  });

  it('an unserviceable pincode is refused at checkout; COD is refused where no courier collects cash', async () => {
    fake.setCouriers('799001', []);
    expect((await estimate('799001')).json()).toEqual({
      pincode: '799001',
      serviceable: false,
      codAvailable: false,
      earliest: null,
      latest: null,
    });
    const s = await createShopper(t);
    await t.database.db.execute(sql`update addresses set zipcode = '799001' where id = ${s.addressId}`);
    await expect(placeOrderOf(t, s, 'razorpay')).rejects.toThrow(SHIPPING_MSG.notServiceable('799001'));

    fake.setCouriers('682001', [
      {
        courier_company_id: 7,
        courier_name: 'Prepaid Express',
        cod: 0,
        estimated_delivery_days: '3',
        etd: '',
        rate: 80,
      },
    ]);
    await t.database.db.execute(sql`update addresses set zipcode = '682001' where id = ${s.addressId}`);
    expect((await estimate('682001')).json()).toMatchObject({ serviceable: true, codAvailable: false });
    await expect(placeOrderOf(t, s, 'cod')).rejects.toThrow(SHIPPING_MSG.codNotAvailable('682001'));
    const prepaid = await placeOrderOf(t, s, 'razorpay');
    expect(prepaid.order.paymentMethod).toBe('razorpay');
  });

  it('books exactly once under parallel requests on two processes, and once after a timeout', async () => {
    const s = await createShopper(t);
    const { order } = await confirmedCod(s);
    const created = fake.calls.create;
    // Two shop processes on one database, each with its own courier adapter, asked at once.
    const other = await t.sibling();
    const bookOnOther = () =>
      other.app.inject({
        method: 'POST',
        url: '/api/admin/shipments',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { orderId: order._id },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => book({ orderId: order._id })),
      ...Array.from({ length: 3 }, bookOnOther),
    ]);
    await other.close();
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => (a.json().shipment as AdminShipmentDto)._id));
    expect(ids.size).toBe(1);
    expect(fake.calls.create - created).toBe(1);
    const booked = answers[0].json().shipment as AdminShipmentDto;
    expect(booked).toMatchObject({
      provider: 'shiprocket',
      status: 'booked',
      canCancel: true,
      items: [order.items[0]._id],
    });
    expect(booked.awb).toMatch(/\w+/);
    expect((await readOrder(s, order._id)).items[0].status).toBe('Shipped');

    // The create call's answer is lost to a timeout: the adapter looks the reference up and finds the order
    // Shiprocket did make, instead of creating a second one; a retry answers the same shipment.
    const late = await confirmedCod(s);
    const ordersBefore = fake.orders.length;
    const createsBefore = fake.calls.create;
    fake.delayNext(1, 600, 'create');
    const first = await book({ orderId: late.order._id });
    expect(first.statusCode).toBe(201);
    expect(fake.calls.create - createsBefore).toBe(1);
    expect(fake.orders.length - ordersBefore).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const retried = await book({ orderId: late.order._id });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().shipment._id).toBe(first.json().shipment._id);
    expect(fake.calls.create - createsBefore).toBe(1);
    const references = fake.orders.map((o) => o.channel_order_id);
    expect(new Set(references).size).toBe(references.length);
  });

  it('refuses an unconfirmed COD order without calling the courier', async () => {
    const s = await createShopper(t);
    const { order } = await placeOrderOf(t, s, 'cod');
    const calls = { ...fake.calls };
    const refused = await book({ orderId: order._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MSG.awaitsCodConfirmation);
    expect(fake.calls).toEqual(calls);
  });

  it('prints the label with the AWB, the order number and the invoice number', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 200_000);
    const { order } = await placeOrderOf(t, s, 'wallet');
    const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    const label = await t.request({
      method: 'GET',
      url: `/api/admin/shipments/${shipment._id}/label`,
      token: admin.token,
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(label.rawPayload) }).getText()).text;
    const paid = await readOrder(s, order._id);
    expect(paid.invoiceNumber).toMatch(/^INV\//);
    for (const expected of [shipment.awb, order.orderId, paid.invoiceNumber as string, 'PREPAID']) {
      expect(text).toContain(expected);
    }
    const shopper = await t.request({
      method: 'GET',
      url: `/api/admin/shipments/${shipment._id}/label`,
      token: s.token,
    });
    expect(shopper.statusCode).toBe(403);
    const two = await t.request({
      method: 'POST',
      url: '/api/admin/shipments/labels',
      token: admin.token,
      payload: { shipmentIds: [shipment._id, shipment._id] },
    });
    expect((await new PDFParse({ data: new Uint8Array(two.rawPayload) }).getText()).pages).toHaveLength(2);
    // A cash-on-delivery parcel carrying the whole order: the courier collects what the order costs, shipping included.
    // Its address is typed in Devanagari and Tamil, which the label prints in its Noto Sans fonts.
    const local = await createShopper(t, 'Karnataka', { name: 'अनन्या कपूर', street: 'காந்தி நகர்' });
    const cod = await confirmedCod(local);
    const codShipment = (await book({ orderId: cod.order._id })).json().shipment as AdminShipmentDto;
    const codLabel = await t.request({
      method: 'GET',
      url: `/api/admin/shipments/${codShipment._id}/label`,
      token: admin.token,
    });
    const codText = (await new PDFParse({ data: new Uint8Array(codLabel.rawPayload) }).getText()).text;
    const due = cod.order.finalAmount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(codText).toContain(`COD - collect ₹${due}`);
    expect(codText).not.toContain('Rs.');
    expect(codText).toContain('अनन्या कपूर');
    expect(codText).toContain('காந்தி நகர்');
    // CGST Act s. 31(1)(a): the COD order was invoiced when the courier booked it, so the label carries the number.
    const invoiced = (
      await t.request({ method: 'GET', url: `/api/orders/${cod.order._id}`, token: local.token })
    ).json().order as { invoiceNumber: string | null };
    expect(invoiced.invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);
    expect(codText).toContain(`Invoice: ${invoiced.invoiceNumber}`);
  });

  it('takes the webhook only with its token; unknown AWBs are ignored; events move forward once', async () => {
    const s = await createShopper(t);
    const { order } = await confirmedCod(s);
    const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    const inTransit = scan(shipment.awb, 'IN TRANSIT', '2026-12-03 08:45:00');
    expect((await webhook(inTransit, null)).statusCode).toBe(401);
    expect((await webhook(inTransit, 'webhook-token-0123456788')).statusCode).toBe(401);
    expect((await webhook({ ...inTransit, awb: '999999999' })).json()).toEqual({ status: 'ok', outcome: 'ignored' });

    expect((await webhook(inTransit)).json().outcome).toBe('moved');
    expect((await webhook(inTransit)).json().outcome).toBe('already');
    const delivered = scan(shipment.awb, 'DELIVERED', '2026-12-05 14:10:00');
    expect((await webhook(delivered)).json().outcome).toBe('moved');
    // A late scan from before the delivery is kept in the timeline but moves nothing back.
    const late = scan(shipment.awb, 'OUT FOR DELIVERY', '2026-12-05 09:00:00');
    expect((await webhook(late)).json().outcome).toBe('recorded');
    const after = await readOrder(s, order._id);
    expect(after.items[0].status).toBe('Delivered');
    expect(after.paymentStatus).toBe('Paid');
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment._id));
    expect(row.status).toBe('delivered');
    expect(row.expectedDelivery).toBe('2026-12-05');
    const subjects = await mailsTo(s.email);
    expect(subjects.filter((m) => m.startsWith('Shipped:'))).toHaveLength(1);
    expect(subjects.filter((m) => m.startsWith('In transit:'))).toHaveLength(1);
    expect(subjects.filter((m) => m.startsWith('Delivered:'))).toHaveLength(1);
    expect(subjects.filter((m) => m.startsWith('Out for delivery'))).toHaveLength(0);
  });

  it('a parcel back at the seller puts the stock back, refunds a prepaid item and mails the shopper', async () => {
    const s = await createShopper(t);
    await fundWallet(t, s.id, 200_000);
    const { order, bag } = await placeOrderOf(t, s, 'wallet');
    const stock = await stockOf(t, bag.id);
    const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    await webhook(scan(shipment.awb, 'RTO INITIATED', '2026-12-04 10:00:00'));
    expect((await readOrder(s, order._id)).items[0].status).toBe('Shipped');
    const balance = (await walletOf(t, s.id)).balance;
    await webhook(scan(shipment.awb, 'RTO DELIVERED', '2026-12-07 10:00:00'));
    await webhook(scan(shipment.awb, 'RTO DELIVERED', '2026-12-07 10:00:00'));
    const back = await readOrder(s, order._id);
    expect(back.items[0].status).toBe('Returned to seller');
    expect(back.items[0].refunded).toBe(order.finalAmount);
    expect((await walletOf(t, s.id)).balance - balance).toBe(Math.round(order.finalAmount * 100));
    expect(await stockOf(t, bag.id)).toBe(stock + 1);
    const subjects = await mailsTo(s.email);
    expect(subjects.filter((m) => m.startsWith('Returning to seller:'))).toHaveLength(1);
    expect(subjects.filter((m) => m.startsWith('Returned to us:'))).toHaveLength(1);
  });

  it('after COD_RTO_LIMIT refused COD parcels the shopper is offered card and wallet only', async () => {
    const s = await createShopper(t);
    for (let i = 0; i < 2; i++) {
      const { order } = await confirmedCod(s);
      const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
      await webhook(scan(shipment.awb, 'RTO DELIVERED', `2026-12-0${i + 1} 10:00:00`));
      expect((await readOrder(s, order._id)).items[0].status).toBe('Returned to seller');
    }
    const eligibility = await t.request({ method: 'GET', url: '/api/user/cod-eligibility', token: s.token });
    expect(eligibility.json()).toEqual({ allowed: false, message: SHIPPING_MSG.codRtoLimit });
    await expect(placeOrderOf(t, s, 'cod')).rejects.toThrow(SHIPPING_MSG.codRtoLimit);
    expect((await placeOrderOf(t, s, 'razorpay')).order.paymentMethod).toBe('razorpay');
  });

  it('cancels a parcel not yet picked up (items back to Pending), not one on its way', async () => {
    const s = await createShopper(t);
    const { order } = await confirmedCod(s);
    const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    const cancel = (id: string) =>
      t.request({ method: 'POST', url: `/api/admin/shipments/${id}/cancel`, token: admin.token });
    const cancelled = await cancel(shipment._id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().shipment).toMatchObject({ status: 'cancelled', canCancel: false });
    expect((await readOrder(s, order._id)).items[0].status).toBe('Pending');
    // Booked again under a new reference: Shiprocket refuses an order id it has seen.
    const again = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    expect(again.shipment._id).not.toBe(shipment._id);
    await webhook(scan(again.shipment.awb, 'PICKED UP', '2026-12-03 12:00:00'));
    expect((await cancel(again.shipment._id)).statusCode).toBe(409);
    expect((await cancel('not-an-id')).statusCode).toBe(404);
  });

  it('polls quiet parcels from one process at a time, each once a period', async () => {
    const s = await createShopper(t);
    const { order } = await confirmedCod(s);
    const { shipment } = (await book({ orderId: order._id })).json() as { shipment: AdminShipmentDto };
    fake.setTracking(shipment.awb, {
      current_status: 'OUT FOR DELIVERY',
      etd: '2026-12-04 18:00:00',
      activities: [
        {
          date: '2026-12-03 08:00:00',
          status: 'PKD',
          activity: 'Picked',
          location: 'Bengaluru',
          'sr-status': '42',
          'sr-status-label': 'PICKED UP',
        },
        {
          date: '2026-12-04 07:00:00',
          status: 'OFD',
          activity: 'Out',
          location: 'Mumbai',
          'sr-status': '19',
          'sr-status-label': 'OUT FOR DELIVERY',
        },
      ],
    });
    // Quiet for longer than SHIPPING_POLL_HOURS.
    const quiet = await t.database.db
      .update(shipments)
      .set({ lastEventAt: new Date(Date.now() - 7 * 3600_000) })
      .where(sql`${shipments.status} not in ('delivered', 'returned-to-seller', 'cancelled')`)
      .returning({ id: shipments.id });
    const tracked = fake.calls.track;
    const config = loadConfig({ NODE_ENV: 'test', SHIPPING_POLL_HOURS: '6' });
    const deps = () => ({ db: t.database.db, realtime: t.app.realtime, config, shipping: adapter() });
    const [a, b] = await Promise.all([pollQuietShipments(deps()), pollQuietShipments(deps())]);
    // Every quiet parcel asked about once, by one of the two.
    expect(a + b).toBe(quiet.length);
    expect(fake.calls.track - tracked).toBe(quiet.length);
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment._id));
    expect(row.status).toBe('out-for-delivery');
    expect(row.expectedDelivery).toBe('2026-12-04');
    const timeline = await t.database.db
      .select({ kind: shipmentEvents.kind })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipment._id));
    expect(timeline.map((e) => e.kind).sort()).toEqual(['booked', 'out-for-delivery', 'picked-up']);
    // Asked: not again until the next period.
    expect(await pollQuietShipments(deps())).toBe(0);
  });
});
