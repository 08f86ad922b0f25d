import { asPaise } from '@bagshop/shared/pricing/money';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createShippingProvider } from './create-provider.ts';
import { createManualProvider, DEFAULT_ZONE_DAYS, isPincode, zoneOf } from './manual.ts';
import { ShippingProviderError, trackingEventKind } from './provider.ts';

const BENGALURU = '560001';

describe('zones from Indian pincodes', () => {
  it('reads the sorting district, remote places, the postal circle and the metros', () => {
    expect(zoneOf(BENGALURU, '560103')).toBe('local');
    expect(zoneOf(BENGALURU, '570001')).toBe('state'); // Mysuru
    expect(zoneOf(BENGALURU, '590001')).toBe('state'); // Belagavi
    for (const metro of ['110001', '400001', '600001', '700001', '500001', '411001', '380001']) {
      expect(zoneOf(BENGALURU, metro), metro).toBe('metro');
    }
    expect(zoneOf(BENGALURU, '302001')).toBe('national'); // Jaipur
    expect(zoneOf(BENGALURU, '226001')).toBe('national'); // Lucknow
    for (const remote of ['744101', '682555', '682559', '791111', '797001', '795001', '194101', '737101']) {
      expect(zoneOf(BENGALURU, remote), remote).toBe('remote');
    }
    expect(zoneOf(BENGALURU, '682554')).toBe('national'); // Kochi, not Lakshadweep
    expect(zoneOf(BENGALURU, '781001')).toBe('national'); // Guwahati is in the plains
    expect(zoneOf('110001', '122001')).toBe('national'); // Delhi to Gurugram: another circle
    expect(zoneOf('400001', '411001')).toBe('state'); // Mumbai to Pune: the same state before the metro
    expect(zoneOf('744101', '744102')).toBe('local');
  });

  it('knows a pincode: six digits, not starting with 0', () => {
    expect(isPincode('560001')).toBe(true);
    for (const wrong of ['056000', '56000', '5600011', '56000a', '']) expect(isPincode(wrong), wrong).toBe(false);
  });
});

describe('manual provider', () => {
  const manual = createManualProvider();
  const estimate = (deliveryPincode: string, cod = false) =>
    manual.estimate({ pickupPincode: BENGALURU, deliveryPincode, weightGrams: 800, cod });

  it('estimates the days of each zone, with COD everywhere but remote places', async () => {
    expect(await estimate('560034')).toMatchObject({
      serviceable: true,
      codAvailable: true,
      earliestDays: 1,
      latestDays: 2,
    });
    expect(await estimate('570001')).toMatchObject({ earliestDays: 2, latestDays: 4 });
    expect(await estimate('400001', true)).toMatchObject({
      serviceable: true,
      codAvailable: true,
      earliestDays: 3,
      latestDays: 5,
    });
    expect(await estimate('302001')).toMatchObject({ earliestDays: 4, latestDays: 7 });
    expect(await estimate('744101', true)).toMatchObject({
      serviceable: true,
      codAvailable: false,
      earliestDays: DEFAULT_ZONE_DAYS.remote.earliest,
      latestDays: DEFAULT_ZONE_DAYS.remote.latest,
    });
    expect(await estimate('012345')).toMatchObject({ serviceable: false, codAvailable: false, couriers: [] });
  });

  it('takes the days of the settings', async () => {
    const slower = createManualProvider({ zoneDays: { metro: { earliest: 4, latest: 6 } }, codToRemote: true });
    const to = (deliveryPincode: string) =>
      slower.estimate({ pickupPincode: BENGALURU, deliveryPincode, weightGrams: 500, cod: true });
    expect(await to('110001')).toMatchObject({ earliestDays: 4, latestDays: 6 });
    expect(await to('560002')).toMatchObject({ earliestDays: 1, latestDays: 2 });
    expect(await to('194101')).toMatchObject({ codAvailable: true });
  });

  it('books with the courier and AWB the administrator typed, the same for the same reference', async () => {
    const request = {
      reference: 'BS-1001',
      orderedAt: new Date('2026-12-01T10:00:00Z'),
      paymentMethod: 'prepaid' as const,
      subTotalPaise: asPaise(249_900),
      deliverTo: {
        name: 'Asha Rao',
        phone: '+91 98450 12345',
        email: 'asha@example.in',
        line1: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      },
      items: [{ name: 'Tote', sku: 'TOTE-1', units: 1, unitPricePaise: asPaise(249_900) }],
      parcel: { weightGrams: 700, lengthCm: 30, breadthCm: 25, heightCm: 10 },
    };
    const order = await manual.createOrder(request);
    expect(await manual.createOrder(request)).toEqual(order);
    expect(order).toMatchObject({ providerOrderId: 'BS-1001', shipmentId: 'BS-1001', awb: null });
    expect(await manual.assignAwb(order.shipmentId, { courierName: ' Blue Dart ', awb: ' 79000123456 ' })).toEqual({
      shipmentId: 'BS-1001',
      awb: '79000123456',
      courierName: 'Blue Dart',
      courierId: null,
    });
    await expect(manual.assignAwb(order.shipmentId, { awb: '79000123456' })).rejects.toThrow(ShippingProviderError);
    await expect(manual.assignAwb(order.shipmentId, { courierName: 'DTDC', awb: 'a b' })).rejects.toThrow(/AWB/);
    expect(await manual.generateLabel(order.shipmentId)).toBeNull();
    expect(await manual.schedulePickup(order.shipmentId)).toEqual({
      scheduled: false,
      scheduledFor: null,
      token: null,
    });
    expect(await manual.track('79000123456')).toBeNull();
    await manual.cancel(order.providerOrderId);
  });
});

describe('the provider of the settings', () => {
  it('is manual unless SHIPPING_PROVIDER=shiprocket', () => {
    expect(createShippingProvider(loadConfig({})).name).toBe('manual');
    const login = { SHIPROCKET_EMAIL: 'api@bagshop.in', SHIPROCKET_PASSWORD: 'p' };
    const token = { SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token-0123' };
    expect(createShippingProvider(loadConfig({ ...login, ...token })).name).toBe('manual');
    const env = { SHIPPING_PROVIDER: 'shiprocket', ...login, ...token };
    expect(createShippingProvider(loadConfig(env)).name).toBe('shiprocket');
  });
});

describe('courier status labels', () => {
  it('reads whole labels whatever their spelling, and nothing else', () => {
    expect(trackingEventKind('PICKED UP')).toBe('picked-up');
    expect(trackingEventKind('In-Transit')).toBe('in-transit');
    expect(trackingEventKind(' out_for_delivery ')).toBe('out-for-delivery');
    expect(trackingEventKind('Delivered')).toBe('delivered');
    expect(trackingEventKind('RTO INITIATED')).toBe('rto-initiated');
    expect(trackingEventKind('RTO DELIVERED')).toBe('rto-delivered');
    for (const other of ['UNDELIVERED', 'RTO IN TRANSIT', 'NEW', 'PICKUP SCHEDULED', 'CANCELED', '']) {
      expect(trackingEventKind(other), other).toBe('other');
    }
  });
});
