import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { DashboardDto } from '@bagshop/shared/insight-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { AddressDto } from '@bagshop/shared/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  adminToken,
  callApi,
  registerShopper,
  rememberSession,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { addToCart } from '../../../test/shop-data.ts';
import { rtoItems, rtoPercent } from '../components/rto-card.tsx';
import { newBag } from '../test-orders.ts';
import { DashboardPage } from './dashboard-page.tsx';

// The realtime connection is not what these tests look at; it must not reach for a server.
vi.mock('socket.io-client', () => ({
  io: () => ({ connected: true, active: true, on() {}, off() {}, connect() {}, disconnect() {} }),
}));

const server = withRealServer();
const DASHBOARD = '/api/user/admin/dashboard';
const TITLE = 'Parcels returned to seller';

/**
 * A new shopper's cash-on-delivery order, confirmed, booked with a courier by hand (manual provider) and refused at
 * the door: the admin marks it returned to seller. Its parcel was booked today.
 */
beforeAll(async () => {
  const bag = await newBag(150);
  const { token } = await registerShopper();
  const { address } = await callApi<{ address: AddressDto }>('POST', '/api/user/account/add-address', {
    token,
    body: {
      name: 'Kavya Pillai',
      houseName: 'Lotus House',
      street: 'Temple Road',
      town: 'Mysuru',
      zipcode: '570001',
      state: 'Karnataka',
      country: 'IN',
      phone: '9876543210',
    },
    expect: 201,
  });
  await addToCart(token, bag._id, 1);
  const { order } = await callApi<{ order: OrderDto }>('POST', '/api/orders', {
    token,
    body: { addressId: address._id, paymentMethod: 'cod' },
    expect: 201,
  });
  await callApi('POST', '/api/orders/confirm-cod', { token, body: { orderId: order._id } });
  const awb = `EK${String(Date.now()).slice(-9)}IN`;
  await callApi('POST', '/api/admin/shipments', {
    token: adminToken(),
    body: { orderId: order._id, courier: 'India Post', awb },
    expect: 201,
  });
  await callApi('PUT', '/api/orders/save-item-status', {
    token: adminToken(),
    body: { id: order._id, item: order.items[0]._id, status: 'Returned to seller' },
  });
});
beforeEach(() => {
  rememberSession(adminSession());
});

const open = (url: string) => renderScreen(<DashboardPage />, { path: '/admin/dashboard', url });

async function loaded(filter: string): Promise<DashboardDto> {
  const call = await waitFor(() => {
    const last = server.last(DASHBOARD);
    expect(last.search.get('filter')).toBe(filter);
    return last;
  });
  expect(call.status).toBe(200);
  return call.answer as DashboardDto;
}

describe('the RTO card on the dashboard', () => {
  it('shows cash on delivery and prepaid side by side: the percent returned and n of m items', async () => {
    open('/admin/dashboard?filter=daily');
    const { rto } = await loaded('daily');
    // Other tests of this run may ship parcels today too: ours is among them.
    expect(rto.cod.returnedToSeller).toBeGreaterThanOrEqual(1);
    expect(rto.cod.shipped).toBeGreaterThanOrEqual(rto.cod.returnedToSeller);
    const card = within(await screen.findByRole('region', { name: TITLE }));
    for (const [key, label] of [
      ['cod', 'Cash on delivery'],
      ['prepaid', 'Prepaid'],
    ] as const) {
      const side = within(card.getByTestId(`rto-${key}`));
      expect(side.getByRole('term').textContent).toBe(label);
      const figures = side.getAllByRole('definition').map((d) => d.textContent);
      const { shipped, returnedToSeller, rate } = rto[key];
      if (shipped === 0) expect(figures).toEqual([INSIGHT_MSG.noShipmentsSide]);
      else {
        const percent = rate.toLocaleString('en-IN', {
          style: 'percent',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        });
        const items = `${returnedToSeller.toLocaleString('en-IN')} of ${shipped.toLocaleString('en-IN')}`;
        expect(figures).toEqual([percent, `${items} ${shipped === 1 ? 'item' : 'items'}`]);
      }
    }
  });

  it('says so when nothing was shipped in the period', async () => {
    // Long before the shop's first order.
    open('/admin/dashboard?filter=custom&startDate=2025-01-15&endDate=2025-01-20');
    const { rto } = await loaded('custom');
    expect(rto).toEqual({
      cod: { shipped: 0, returnedToSeller: 0, rate: 0 },
      prepaid: { shipped: 0, returnedToSeller: 0, rate: 0 },
    });
    const card = within(await screen.findByRole('region', { name: TITLE }));
    expect(card.getByText(INSIGHT_MSG.noShipments)).toBeTruthy();
    expect(card.queryByRole('term')).toBeNull();
  });

  it('writes the figures as India reads them: one decimal, lakh grouping', () => {
    expect(rtoPercent({ shipped: 3, returnedToSeller: 1, rate: 1 / 3 })).toBe('33.3%');
    expect(rtoPercent({ shipped: 8, returnedToSeller: 2, rate: 0.25 })).toBe('25.0%');
    expect(rtoItems({ shipped: 123_456, returnedToSeller: 1_234, rate: 1_234 / 123_456 })).toBe(
      '1,234 of 1,23,456 items',
    );
    expect(rtoItems({ shipped: 1, returnedToSeller: 0, rate: 0 })).toBe('0 of 1 item');
  });
});
