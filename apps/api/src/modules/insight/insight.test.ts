import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOffer, createProduct } from '../../../test/catalogue.ts';
import { shipItems } from '../../../test/shipments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { orders } from '../../db/schema/orders.ts';
import { createShopper, fundWallet, putInCart, type Shopper, walletOf } from '../orders/order-fixtures.ts';
import { rebuildSalesRollup } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * A known set of orders through the real checkout and order desk, then the report and the dashboard read back:
 * A  wallet, Trail Pack ×2 (10 % offer) + City Tote, 10 % coupon capped at ₹300  → ₹4,305.00
 * B  cash on delivery, City Tote, delivered (paid at the door)                  → ₹840.00
 * C  wallet, Desk Brief + City Tote, Desk Brief cancelled (₹1,260 refunded)     → ₹840.00
 * D  wallet, Desk Brief, delivered and returned (₹1,260 refunded)               → not a sale
 * E  card, City Tote, never paid                                                → not a sale
 * F  wallet, Trail Pack, paid 10 days ago                                       → only in the last 30 days
 */
describe('dashboard and sales report', () => {
  let t: TestApp;
  let admin: TestUser;
  let asha: Shopper;
  let ravi: Shopper;
  const ids: Record<string, string> = {};
  const bags = { trail: '', tote: '', desk: '' };

  const place = async (s: Shopper, lines: Array<[string, number]>, paymentMethod: string) => {
    if (lines.length > 0) {
      await putInCart(
        t,
        s.id,
        lines.map(([productId, qty]) => ({ productId, qty })),
      );
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: s.token,
      payload: { addressId: s.addressId, paymentMethod },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as PlaceOrderResponse).order;
  };
  const adminMove = async (orderId: string, item: string, status: string) => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/orders/save-item-status',
      token: admin.token,
      payload: { id: orderId, item, status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const itemOf = (order: PlaceOrderResponse['order'], productId: string) => {
    const item = order.items.find((i) => i.product._id === productId);
    if (!item) throw new Error(`no item for ${productId}`);
    return item._id;
  };
  const get = <T>(url: string, token = admin.token) =>
    t.request({ method: 'GET', url, token }).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Owner' });
    asha = await createShopper(t);
    ravi = await createShopper(t);
    await fundWallet(t, asha.id, paise(20_000));
    await fundWallet(t, ravi.id, paise(20_000));
    const travel = await createCategory(t, { name: 'Travel' });
    const office = await createCategory(t, { name: 'Office' });
    const offer = await createOffer(t, { discount: 10 });
    bags.trail = (
      await createProduct(t, {
        name: 'Trail Pack',
        brand: 'Wildtrek',
        pricePaise: asPaise(200_000),
        offerId: offer.id,
        categoryId: travel.id,
      })
    ).id;
    bags.tote = (
      await createProduct(t, {
        name: 'City Tote',
        brand: 'Urbanite',
        pricePaise: asPaise(80_000),
        categoryId: office.id,
      })
    ).id;
    bags.desk = (
      await createProduct(t, {
        name: 'Desk Brief',
        brand: 'Wildtrek',
        pricePaise: asPaise(120_000),
        categoryId: office.id,
      })
    ).id;
    await t.database.db.insert(coupons).values({
      code: 'SAVE10',
      name: 'SAVE10',
      description: 'Ten per cent off',
      activation: new Date(Date.now() - DAY),
      expiry: new Date(Date.now() + DAY),
      discount: 10,
      minAmountPaise: asPaise(50_000),
      maxAmountPaise: asPaise(30_000),
      usageLimit: 5,
    });

    await putInCart(t, asha.id, [
      { productId: bags.trail, qty: 2 },
      { productId: bags.tote, qty: 1 },
    ]);
    const applied = await t.request({
      method: 'POST',
      url: '/api/user/applyCoupon',
      token: asha.token,
      payload: { code: 'SAVE10' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const orderA = await place(asha, [], 'wallet');
    ids.A = orderA._id;

    const orderB = await place(ravi, [[bags.tote, 1]], 'cod');
    ids.B = orderB._id;
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/orders/confirm-cod',
      token: ravi.token,
      payload: { orderId: orderB._id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await shipItems(t, admin.token, orderB._id);
    await adminMove(orderB._id, itemOf(orderB, bags.tote), 'Delivered');

    const orderC = await place(
      ravi,
      [
        [bags.desk, 1],
        [bags.tote, 1],
      ],
      'wallet',
    );
    ids.C = orderC._id;
    const cancel = await t.request({
      method: 'PUT',
      url: '/api/orders/cancel',
      token: ravi.token,
      payload: { orderId: orderC._id, item: itemOf(orderC, bags.desk), cancelReason: 'Ordered twice' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const orderD = await place(asha, [[bags.desk, 1]], 'wallet');
    ids.D = orderD._id;
    const deskItem = itemOf(orderD, bags.desk);
    await shipItems(t, admin.token, orderD._id);
    await adminMove(orderD._id, deskItem, 'Delivered');
    const returned = await t.request({
      method: 'POST',
      url: '/api/orders/return-request',
      token: asha.token,
      payload: { orderId: orderD._id, item: deskItem, returnReason: 'Strap too short' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await adminMove(orderD._id, deskItem, 'Returned');

    ids.E = (await place(asha, [[bags.tote, 1]], 'razorpay'))._id;

    const orderF = await place(ravi, [[bags.trail, 1]], 'wallet');
    ids.F = orderF._id;
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 10 * DAY), createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(orders.id, orderF._id));
    // Moved back in time by hand, past the order desk: the rollup is worked out afresh, as the migration does.
    await rebuildSalesRollup(t.database.db);
  });
  afterAll(() => t.close());

  it('the sales report shares every paid order out per product, to the paisa', async () => {
    const report = await get<SalesReportDto>('/api/user/admin/sales-report?filter=weekly');
    expect(report.period.filter).toBe('weekly');
    expect(report.products).toEqual([
      {
        productId: bags.trail,
        name: 'Trail Pack',
        brand: 'Wildtrek',
        category: 'Travel',
        units: 2,
        gross: 4_000,
        offerDiscount: 400,
        couponDiscount: 245.45,
        // 5 % of what is paid after offer and coupon (CGST Act s. 15(3)(a)): of ₹3,354.55
        tax: 167.73,
        net: 3_522.28,
      },
      {
        productId: bags.tote,
        name: 'City Tote',
        brand: 'Urbanite',
        category: 'Office',
        units: 3,
        gross: 2_400,
        offerDiscount: 0,
        couponDiscount: 54.55,
        tax: 117.27,
        net: 2_462.72,
      },
    ]);
    expect(report.totals).toEqual({
      orders: 3,
      units: 5,
      gross: 6_400,
      offerDiscount: 400,
      couponDiscount: 300,
      tax: 285,
      shipping: 0,
      net: 5_985,
      refunded: 1_260,
    });
    const rows = Object.fromEntries(report.orders.map((o) => [o.orderId, o]));
    expect(Object.keys(rows).sort()).toEqual([ids.A, ids.B, ids.C].sort());
    expect(rows[ids.A]).toMatchObject({ final: 4_305, refunded: 0, net: 4_305, couponDiscount: 300, units: 3 });
    expect(rows[ids.B]).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'Paid', net: 840, units: 1 });
    expect(rows[ids.C]).toMatchObject({
      final: 2_100,
      refunded: 1_260,
      net: 840,
    });
    expect([...rows[ids.C].itemStatuses].sort()).toEqual(['Cancelled', 'Pending']);
    expect(report.orderPage).toEqual({ page: 1, pages: 1, total: 3 });
  });

  it('on screen the order rows come a page at a time, with products and totals in full on every page', async () => {
    const page2 = await get<SalesReportDto>('/api/user/admin/sales-report?filter=weekly&page=2');
    expect(page2.orders).toEqual([]);
    expect(page2.orderPage).toEqual({ page: 2, pages: 1, total: 3 });
    expect(page2.totals.net).toBe(5_985);
    expect(page2.products).toHaveLength(2);
    const bad = await t.request({ method: 'GET', url: '/api/user/admin/sales-report?page=0', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['page']);
  });

  it('every order row reconciles with the money that moved: final − refunds, and refunds are the ledger credits', async () => {
    const report = await get<SalesReportDto>('/api/user/admin/sales-report?filter=monthly');
    const sum = (values: number[]) => values.reduce((a, v) => a + paise(v), 0);
    for (const row of report.orders) expect(paise(row.net)).toBe(paise(row.final) - paise(row.refunded));
    expect(paise(report.totals.net)).toBe(sum(report.orders.map((o) => o.net)));
    expect(paise(report.totals.net)).toBe(sum(report.products.map((p) => p.net)) + paise(report.totals.shipping));
    for (const key of ['gross', 'offerDiscount', 'couponDiscount', 'tax', 'units'] as const) {
      expect(sum(report.products.map((p) => p[key]))).toBe(paise(report.totals[key]));
    }
    const refundsToRavi = (await walletOf(t, ravi.id)).rows.filter((r) => r.type === 'Order Cancelled');
    expect(refundsToRavi.map((r) => r.amountPaise)).toEqual([paise(1_260)]);
  });

  it('the last 30 days add the order paid 10 days ago; a range before any sale is empty', async () => {
    const month = await get<SalesReportDto>('/api/user/admin/sales-report?filter=monthly');
    expect(month.totals).toMatchObject({ orders: 4, units: 6, net: 7_875 });
    expect(month.products.find((p) => p.name === 'Trail Pack')?.units).toBe(3);

    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const empty = await get<SalesReportDto>(
      `/api/user/admin/sales-report?filter=custom&startDate=${day(-60)}&endDate=${day(-20)}`,
    );
    expect(empty).toMatchObject({ products: [], orders: [], totals: { orders: 0, net: 0 } });
  });

  it('the dashboard agrees with the report: cards, charts and top fives', async () => {
    const dash = await get<DashboardDto>('/api/user/admin/dashboard?filter=weekly');
    expect(dash.cards).toEqual({
      sales: 5_985,
      orders: 3,
      itemsSold: 5,
      newCustomers: 2,
      averageOrderValue: 1_995,
      returns: { units: 1, amount: 1_260 },
    });
    expect(dash.salesOverTime).toHaveLength(7);
    expect(dash.salesOverTime.reduce((a, p) => a + paise(p.sales), 0)).toBe(paise(5_985));
    expect(dash.salesOverTime.at(-1)).toMatchObject({ sales: 5_985, orders: 3 });
    expect(dash.customersOverTime.reduce((a, p) => a + p.customers, 0)).toBe(2);
    expect(dash.topProducts.map((p) => [p.name, p.units, p.revenue])).toEqual([
      ['City Tote', 3, 2_462.72],
      ['Trail Pack', 2, 3_522.28],
    ]);
    expect(dash.topCategories.map((c) => [c.name, c.units])).toEqual([
      ['Office', 3],
      ['Travel', 2],
    ]);
    expect(dash.topBrands.map((b) => [b.name, b.units, b.revenue])).toEqual([
      ['Urbanite', 3, 2_462.72],
      ['Wildtrek', 2, 3_522.28],
    ]);

    const month = await get<DashboardDto>('/api/user/admin/dashboard?filter=monthly');
    expect(month.cards).toMatchObject({ sales: 7_875, orders: 4, itemsSold: 6 });
    expect(month.salesOverTime).toHaveLength(30);
    expect(month.salesOverTime.filter((p) => p.orders > 0).map((p) => p.orders)).toEqual([1, 3]);
    const yearly = await get<DashboardDto>('/api/user/admin/dashboard?filter=yearly');
    expect(yearly.salesOverTime).toHaveLength(12);
    expect(yearly.cards.sales).toBe(7_875);
  });

  it('the downloads carry the same figures: XLSX sheets, PDF text and CSV lines', async () => {
    const report = await get<SalesReportDto>('/api/user/admin/sales-report?filter=weekly');
    const download = (format: string) =>
      t.request({
        method: 'GET',
        url: `/api/user/admin/sales-report/download?filter=weekly&format=${format}`,
        token: admin.token,
      });
    const fileName = `sales-report-${report.period.startDate}-to-${report.period.endDate}`;

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="${fileName}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([INSIGHT_MSG.productSheet, INSIGHT_MSG.orderSheet]);
    const rowsOf = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .filter(Boolean)
        .map((row) => (row as ExcelJS.CellValue[]).slice(1));
    const productRows = rowsOf(book.worksheets[0]);
    const header = productRows.findIndex((r) => r[0] === 'Product');
    const totals = productRows.find((r) => r[0] === 'Totals');
    expect(productRows[header + 1]).toEqual([
      'Trail Pack',
      'Wildtrek',
      'Travel',
      2,
      4_000,
      400,
      245.45,
      167.73,
      3_522.28,
    ]);
    expect(totals?.slice(3)).toEqual([5, 6_400, 400, 300, 285, 5_985]);
    const orderRows = rowsOf(book.worksheets[1]);
    for (const row of report.orders) expect(orderRows.some((r) => r[0] === row.orderNumber)).toBe(true);

    const pdf = await download('pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain('Sales Report');
    expect(text).toContain('₹5,985.00');
    expect(text).toContain('₹3,522.28');
    expect(text).not.toContain('Rs.');
    for (const row of report.orders) expect(text).toContain(row.orderNumber);

    const csv = await download('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Trail Pack,Wildtrek,Travel,2,4000.00,400.00,245.45,167.73,3522.28');
    expect((await download('docx')).json().fields).toEqual({ format: INSIGHT_MSG.formatInvalid });
    const shopper = await t.request({
      method: 'GET',
      url: '/api/user/admin/sales-report/download?format=csv',
      token: asha.token,
    });
    expect(shopper.statusCode).toBe(403);
  });

  it('only administrators see the figures, and bad periods get a message per field', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/admin/dashboard' })).statusCode).toBe(401);
    const shopper = await t.request({ method: 'GET', url: '/api/user/admin/sales-report', token: asha.token });
    expect(shopper.statusCode).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: '/api/user/admin/dashboard?filter=custom&startDate=2026-11-10&endDate=2026-11-01',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ endDate: INSIGHT_MSG.endBeforeStart });
    const missing = await t.request({
      method: 'GET',
      url: '/api/user/admin/sales-report?filter=custom',
      token: admin.token,
    });
    expect(missing.json().fields).toEqual({
      startDate: INSIGHT_MSG.startDateRequired,
      endDate: INSIGHT_MSG.endDateRequired,
    });
    const smuggled = await t.request({ method: 'GET', url: '/api/user/admin/dashboard?userId=1', token: admin.token });
    expect(smuggled.statusCode).toBe(400);
  });
});
