import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { orderItems, orders, wallets, walletTransactions } from '../db/schema/orders.ts';
import { shipmentEvents, shipments } from '../db/schema/shipping.ts';
import { createDiskStorage } from '../platform/storage.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedSales } from './sales.ts';

const paise = (rupees: number) => Math.round(rupees * 100);

describe('demo sales', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogue(t.database.db, createDiskStorage(`${t.dataDir}/uploads`));
    expect(await seedSales(t.database.db)).toBe(true);
    token = (await createUser(t, { isAdmin: true })).token;
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => (await t.request({ method: 'GET', url, token })).json() as T;

  it('runs once: a shop with orders gets no more', async () => {
    const [{ count }] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(orders);
    expect(count).toBeGreaterThanOrEqual(30);
    expect(await seedSales(t.database.db)).toBe(false);
  });

  it('gives every period of the dashboard something to show, today included', async () => {
    const today = await get<DashboardDto>('/api/user/admin/dashboard?filter=daily');
    expect(today.cards.orders).toBeGreaterThanOrEqual(1);
    const year = await get<DashboardDto>('/api/user/admin/dashboard?filter=yearly');
    expect(year.cards.orders).toBeGreaterThanOrEqual(20);
    expect(year.cards.newCustomers).toBe(8);
    expect(year.cards.returns.units).toBeGreaterThanOrEqual(1);
    expect(year.topProducts).toHaveLength(5);
    expect(year.topBrands.length).toBeGreaterThanOrEqual(3);
  });

  it('is money that adds up: every order reconciles and every wallet equals its ledger', async () => {
    const first = await get<SalesReportDto>('/api/user/admin/sales-report?filter=yearly');
    const { total = 0, pages = 0 } = first.orderPage ?? {};
    expect(first.orders).toHaveLength(20);
    expect(pages).toBe(Math.ceil(total / 20));
    const rest = await Promise.all(
      Array.from({ length: pages - 1 }, (_, i) =>
        get<SalesReportDto>(`/api/user/admin/sales-report?filter=yearly&page=${i + 2}`),
      ),
    );
    const report = { ...first, orders: [first, ...rest].flatMap((r) => r.orders) };
    expect(new Set(report.orders.map((o) => o.orderId)).size).toBe(total);
    expect(report.orders.reduce((sum, o) => sum + paise(o.net), 0)).toBe(paise(first.totals.net));
    for (const row of report.orders) expect(paise(row.net)).toBe(paise(row.final) - paise(row.refunded));
    expect(report.products.some((p) => p.offerDiscount > 0)).toBe(true);
    const [{ mismatched }] = await t.database.db
      .select({
        mismatched: sql<number>`count(*)::int`,
      })
      .from(wallets)
      .where(
        sql`${wallets.balancePaise} <> (select coalesce(sum(${walletTransactions.amountPaise}), 0) from ${walletTransactions} where ${walletTransactions.userId} = ${wallets.userId})`,
      );
    expect(mismatched).toBe(0);
    const statuses = await t.database.db.selectDistinct({ status: orderItems.status }).from(orderItems);
    expect(statuses.map((s) => s.status).sort()).toEqual(['Cancelled', 'Delivered', 'Pending', 'Returned', 'Shipped']);
  });

  it('puts every shipped order in a parcel with its courier and AWB, booked by hand', async () => {
    const items = await t.database.db.select().from(orderItems);
    const parcels = await t.database.db.select().from(shipments);
    const events = await t.database.db.select().from(shipmentEvents);
    const orderIds = [...new Set(items.map((i) => i.orderId))];
    const left = new Set(['Shipped', 'Delivered', 'Returned']);
    const shipped = orderIds.filter((id) => items.some((i) => i.orderId === id && left.has(i.status)));
    const waiting = orderIds.filter((id) => !shipped.includes(id));
    expect(shipped.length).toBeGreaterThanOrEqual(20);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(parcels.map((p) => p.orderId).sort()).toEqual([...shipped].sort());
    expect(new Set(parcels.map((p) => p.awb)).size).toBe(parcels.length);
    expect(new Set(parcels.map((p) => p.courier)).size).toBeGreaterThanOrEqual(3);
    for (const parcel of parcels) {
      const itemsOf = items.filter((i) => i.orderId === parcel.orderId);
      expect([...parcel.itemIds].sort()).toEqual(itemsOf.map((i) => i.id).sort());
      expect(parcel).toMatchObject({ provider: 'manual', trackingUrl: null, providerOrderId: null });
      expect(parcel.awb).toMatch(/^[A-Za-z0-9-]{4,40}$/);
      const delivered = itemsOf.every((i) => i.status === 'Delivered' || i.status === 'Returned');
      expect(parcel.status).toBe(delivered ? 'delivered' : 'booked');
      if (!delivered) expect(itemsOf.every((i) => i.status === 'Shipped')).toBe(true);
      const timeline = events.filter((e) => e.shipmentId === parcel.id).sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(timeline.map((e) => e.kind)).toEqual(delivered ? ['booked', 'delivered'] : ['booked']);
      expect(timeline[0].at).toEqual(parcel.createdAt);
    }
    // The admin desk prints a seeded parcel's label like any other.
    const [parcel] = parcels;
    const label = await t.request({ method: 'GET', url: `/api/admin/shipments/${parcel.id}/label`, token });
    expect(label.statusCode).toBe(200);
    const { text } = await new PDFParse({ data: new Uint8Array(label.rawPayload) }).getText();
    expect(text).toContain(parcel.awb);
    expect(text).toContain(parcel.courier);
  });
});
