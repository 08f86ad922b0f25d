import { asPaise } from '@bagshop/shared/pricing/money';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShiprocket, LABEL_PDF, startFakeShiprocket } from '../../../test/fake-shiprocket.ts';
import { type ShipmentOrderRequest, ShippingProviderError } from './provider.ts';
import { createShiprocketProvider, type ShiprocketOptions, TOKEN_RENEW_AFTER_MS } from './shiprocket.ts';

let fake: FakeShiprocket;
beforeEach(async () => {
  fake = await startFakeShiprocket();
});
afterEach(() => fake.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const shiprocket = (options: Partial<ShiprocketOptions> = {}) =>
  createShiprocketProvider({
    email: fake.email,
    password: fake.password,
    apiUrl: fake.url,
    pickupLocation: 'Primary',
    retryDelayMs: 1,
    ...options,
  });

const estimateTo = (deliveryPincode: string, cod = false) => ({
  pickupPincode: '560001',
  deliveryPincode,
  weightGrams: 750,
  cod,
});

const order = (reference: string): ShipmentOrderRequest => ({
  reference,
  orderedAt: new Date('2026-12-01T06:30:00Z'),
  paymentMethod: 'cod',
  subTotalPaise: asPaise(189_950),
  deliverTo: {
    name: 'Ravi Kumar Sharma',
    phone: '+91 98200 11223',
    email: 'ravi@example.in',
    line1: '21 Hill Road, Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
  },
  items: [{ name: 'Laptop backpack', sku: 'BAG-LP-01', units: 1, unitPricePaise: asPaise(189_950), hsn: '4202' }],
  parcel: { weightGrams: 900, lengthCm: 40, breadthCm: 30, heightCm: 12 },
});

describe('shiprocket login', () => {
  it('logs in once, keeps the token, and logs in again a day before its 10 days end', async () => {
    let clock = Date.parse('2026-12-01T00:00:00Z');
    const provider = shiprocket({ now: () => clock });
    await provider.estimate(estimateTo('400001'));
    await provider.estimate(estimateTo('110001'));
    expect(fake.calls.login).toBe(1);
    clock += 8 * DAY_MS;
    await provider.estimate(estimateTo('400001'));
    expect(fake.calls.login).toBe(1);
    clock = Date.parse('2026-12-01T00:00:00Z') + TOKEN_RENEW_AFTER_MS;
    await provider.estimate(estimateTo('400001'));
    expect(fake.calls.login).toBe(2);
    expect(fake.tokens).toHaveLength(2);
  });

  it('after a 401 logs in once more and repeats the call', async () => {
    const provider = shiprocket();
    await provider.estimate(estimateTo('400001'));
    fake.expireTokens();
    const estimate = await provider.estimate(estimateTo('400001'));
    expect(estimate.serviceable).toBe(true);
    expect(fake.calls.login).toBe(2);
    expect(fake.calls.serviceability).toBe(3);
  });

  it('logs in only once after a 401: a token refused again is an error, not a loop', async () => {
    const provider = shiprocket();
    await provider.estimate(estimateTo('400001'));
    fake.refuseAllTokens(true);
    await expect(provider.estimate(estimateTo('400001'))).rejects.toThrow(
      'Shiprocket refused the serviceability check (401: Token has expired)',
    );
    expect(fake.calls.login).toBe(2);
    expect(fake.calls.serviceability).toBe(3);
    fake.refuseAllTokens(false);
    expect((await provider.estimate(estimateTo('400001'))).serviceable).toBe(true);
    expect(fake.calls.login).toBe(2);
  });

  it('names the settings when Shiprocket refuses the credentials', async () => {
    const provider = shiprocket({ password: 'wrong' });
    const error = await provider.estimate(estimateTo('400001')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShippingProviderError);
    expect(String((error as Error).message)).toMatch(
      /login \(400: Invalid email.*SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD/,
    );
    expect(fake.calls.serviceability).toBe(0);
  });
});

describe('shiprocket serviceability', () => {
  it('lists the couriers with days, dates, COD and rates in paise', async () => {
    const estimate = await shiprocket().estimate(estimateTo('400001'));
    expect(estimate).toEqual({
      serviceable: true,
      codAvailable: true,
      earliestDays: 2,
      latestDays: 5,
      couriers: [
        {
          id: '10',
          name: 'Delhivery Surface',
          estimatedDays: 5,
          etd: '2026-12-07',
          codAvailable: true,
          ratePaise: 7250,
        },
        {
          id: '24',
          name: 'Xpressbees Air',
          estimatedDays: 2,
          etd: '2026-12-04',
          codAvailable: false,
          ratePaise: 11_800,
        },
      ],
    });
    const cod = await shiprocket().estimate(estimateTo('400001', true));
    expect(cod.couriers.map((c) => c.name)).toEqual(['Delhivery Surface']);
  });

  it('reads an unserviceable pincode (200 with status 404) and one without COD', async () => {
    fake.setCouriers('744101', []);
    expect(await shiprocket().estimate(estimateTo('744101', true))).toEqual({
      serviceable: false,
      codAvailable: false,
      earliestDays: null,
      latestDays: null,
      couriers: [],
    });
    fake.setCouriers('799001', [
      {
        courier_company_id: 7,
        courier_name: 'India Post',
        estimated_delivery_days: '9',
        etd: '2026-12-11',
        cod: 0,
        rate: 95,
      },
    ]);
    const prepaidOnly = await shiprocket().estimate(estimateTo('799001', true));
    expect(prepaidOnly).toMatchObject({ serviceable: true, codAvailable: false, earliestDays: 9, latestDays: 9 });
  });

  it('tries a read again after 5xx answers and timeouts, and gives up with a retryable error', async () => {
    const provider = shiprocket({ timeoutMs: 300 });
    await provider.estimate(estimateTo('400001'));
    fake.failNext(1, 'serviceability');
    fake.delayNext(1, 2_000, 'serviceability');
    expect((await provider.estimate(estimateTo('400001'))).serviceable).toBe(true);
    expect(fake.calls.serviceability).toBe(4);

    fake.failNext(3, 'track');
    const error = await provider.track('141000').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ShippingProviderError', retryable: true, status: 500 });
    expect(fake.calls.track).toBe(3);
  });
});

describe('shiprocket booking', () => {
  it('creates the order from ours and books each reference once', async () => {
    const provider = shiprocket();
    const created = await provider.createOrder(order('BS-2001'));
    expect(created).toMatchObject({ reference: 'BS-2001', awb: null, created: true });
    expect(fake.orders).toHaveLength(1);
    expect(fake.orders[0].payload).toMatchObject({
      order_id: 'BS-2001',
      order_date: '2026-12-01 12:00',
      pickup_location: 'Primary',
      billing_customer_name: 'Ravi',
      billing_last_name: 'Kumar Sharma',
      billing_pincode: '400050',
      billing_country: 'India',
      billing_phone: '9820011223',
      shipping_is_billing: true,
      payment_method: 'COD',
      sub_total: 1899.5,
      weight: 0.9,
      order_items: [{ name: 'Laptop backpack', sku: 'BAG-LP-01', units: 1, selling_price: 1899.5, hsn: '4202' }],
    });
    expect(created.providerOrderId).toBe(String(fake.orders[0].id));
    expect(created.shipmentId).toBe(String(fake.orders[0].shipmentId));
    const again = await provider.createOrder(order('BS-2001'));
    expect(again).toEqual({ ...created, created: false });
    expect(fake.calls.create).toBe(1);
  });

  it('after a create that timed out, looks the order up instead of booking it twice', async () => {
    const provider = shiprocket({ timeoutMs: 300 });
    fake.delayNext(1, 2_000, 'create');
    const found = await provider.createOrder(order('BS-2002'));
    expect(found).toMatchObject({
      reference: 'BS-2002',
      shipmentId: String(fake.orders[0].shipmentId),
      created: false,
    });
    expect(fake.calls.create).toBe(1);
    expect(fake.orders.filter((o) => o.channel_order_id === 'BS-2002')).toHaveLength(1);
  });

  it('after a create that failed without booking, says so and books on the next try', async () => {
    const provider = shiprocket();
    fake.failNext(1, 'create');
    const error = await provider.createOrder(order('BS-2003')).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ShippingProviderError', retryable: true });
    expect(fake.orders).toHaveLength(0);
    expect((await provider.createOrder(order('BS-2003'))).created).toBe(true);
    expect(fake.orders).toHaveLength(1);
  });

  it('two bookings of one reference at once: Shiprocket refuses the second, and both get the one order', async () => {
    // Both look the reference up (and find nothing) before either creates.
    fake.delayNext(2, 300, 'orders');
    const [first, second] = await Promise.all([
      shiprocket().createOrder(order('BS-2004')),
      shiprocket().createOrder(order('BS-2004')),
    ]);
    expect(first.shipmentId).toBe(second.shipmentId);
    expect(fake.calls.create).toBe(2);
    expect(fake.orders).toHaveLength(1);
    expect([first.created, second.created].sort()).toEqual([false, true]);
  });

  it('assigns the AWB, makes the label, schedules the pickup and cancels', async () => {
    const provider = shiprocket();
    const booked = await provider.createOrder(order('BS-2005'));
    const awb = await provider.assignAwb(booked.shipmentId, { courierId: '24' });
    expect(awb).toEqual({
      shipmentId: booked.shipmentId,
      awb: `1410${booked.shipmentId}`,
      courierName: 'Xpressbees Air',
      courierId: '24',
    });

    const label = await provider.generateLabel(booked.shipmentId);
    expect(label).toEqual({ kind: 'url', url: `${fake.url}/labels/${booked.shipmentId}.pdf` });
    const pdf = Buffer.from(await (await fetch((label as { url: string }).url)).arrayBuffer());
    expect(pdf.equals(LABEL_PDF)).toBe(true);

    expect(await provider.schedulePickup(booked.shipmentId)).toEqual({
      scheduled: true,
      scheduledFor: '2026-12-03 10:00:00',
      token: `Reference No: ${booked.shipmentId}`,
    });
    // A lookup after a lost answer brings the AWB back with the order.
    expect(await provider.createOrder(order('BS-2005'))).toMatchObject({ awb: awb.awb, courierName: 'Xpressbees Air' });

    await provider.cancel(booked.providerOrderId);
    expect(fake.orders[0].status).toBe('CANCELED');
    await expect(provider.cancel('42')).rejects.toThrow(/422: Order not found/);
    await expect(provider.assignAwb('42', {})).rejects.toThrow(/Invalid shipment id/);
  });

  it('writes are not repeated after a 5xx', async () => {
    const provider = shiprocket();
    const booked = await provider.createOrder(order('BS-2006'));
    fake.failNext(1, 'assign');
    await expect(provider.assignAwb(booked.shipmentId, {})).rejects.toMatchObject({ retryable: true, status: 500 });
    expect(fake.calls.assign).toBe(1);
  });
});

describe('shiprocket tracking', () => {
  it('maps the activities by their status labels, oldest first, in Indian time', async () => {
    fake.setTracking('14100077', {
      current_status: 'OUT FOR DELIVERY',
      etd: '2026-12-05 23:59:59',
      activities: [
        {
          date: '2026-12-02 18:20:00',
          status: 'PKD',
          activity: 'Shipment picked up',
          location: 'Bengaluru_Hub',
          'sr-status': '42',
          'sr-status-label': 'PICKED UP',
        },
        {
          date: '2026-12-03 02:05:00',
          status: 'IT',
          activity: 'Bag added to trip',
          location: 'Pune_Gateway',
          'sr-status': '18',
          'sr-status-label': 'IN TRANSIT',
        },
        {
          date: '2026-12-04 07:40:00',
          status: 'X-UCI',
          activity: 'Manifest uploaded',
          location: 'Mumbai_DC',
          'sr-status': 'NA',
          'sr-status-label': 'NA',
        },
        {
          date: '2026-12-05 09:15:00',
          status: 'OFD',
          activity: 'Out for delivery',
          location: 'Mumbai_DC',
          'sr-status': '17',
          'sr-status-label': 'OUT FOR DELIVERY',
        },
      ],
    });
    const tracking = await shiprocket().track('14100077');
    expect(tracking).toEqual({
      awb: '14100077',
      currentStatus: 'OUT FOR DELIVERY',
      currentKind: 'out-for-delivery',
      etd: '2026-12-05',
      events: [
        { kind: 'picked-up', label: 'PICKED UP', at: '2026-12-02T18:20:00+05:30', location: 'Bengaluru_Hub' },
        { kind: 'in-transit', label: 'IN TRANSIT', at: '2026-12-03T02:05:00+05:30', location: 'Pune_Gateway' },
        { kind: 'other', label: 'Manifest uploaded', at: '2026-12-04T07:40:00+05:30', location: 'Mumbai_DC' },
        { kind: 'out-for-delivery', label: 'OUT FOR DELIVERY', at: '2026-12-05T09:15:00+05:30', location: 'Mumbai_DC' },
      ],
    });
  });

  it('an AWB with no activity yet has no events', async () => {
    expect(await shiprocket().track('999')).toEqual({
      awb: '999',
      currentStatus: 'NEW',
      currentKind: 'other',
      etd: null,
      events: [],
    });
  });
});
