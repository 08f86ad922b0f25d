import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { adminToken, uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  bearer,
  confirmCodViaApi,
  newBag,
  newShopper,
  openAsAdmin,
  placeOrderViaApi,
  shipViaApi,
} from '../support/orders.ts';

async function adminGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: bearer(await adminToken(request)) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const cardValue = (page: Page, label: string) => page.getByTestId(`card-${label}`).locator('p.h4');

test('the dashboard shows the demo sales and counts a new order the moment it is paid', async ({ page, request }) => {
  const year = await adminGet<DashboardDto>(request, '/api/user/admin/dashboard?filter=yearly');
  expect(year.cards.orders).toBeGreaterThanOrEqual(20);

  await openAsAdmin(page, request, '/admin/dashboard?filter=yearly');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(cardValue(page, 'Sales')).toHaveText(formatINR(toPaise(year.cards.sales)));
  await expect(cardValue(page, 'Orders')).toHaveText(String(year.cards.orders));
  await expect(cardValue(page, 'New customers')).toHaveText(String(year.cards.newCustomers));
  await expect(page.getByRole('figure', { name: 'Sales over time' })).toBeVisible();
  const topProduct = page.getByRole('table', { name: 'Top 5 products' }).getByRole('row').nth(1);
  await expect(topProduct).toContainText(year.topProducts[0].name);

  // A cash order delivered by the desk is paid at the door: the open dashboard counts it without a reload.
  const name = `Dash Duffel ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 900, quantity: 2 });
  const shopper = await newShopper(request, 'Ishaan');
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  await confirmCodViaApi(request, shopper.token, order._id);
  await shipViaApi(request, order._id);
  const delivered = await request.put('/api/orders/save-item-status', {
    headers: bearer(await adminToken(request)),
    data: { id: order._id, item: order.items[0]._id, status: 'Delivered' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await expect(cardValue(page, 'Orders')).toHaveText(String(year.cards.orders + 1));
  const after = await adminGet<DashboardDto>(request, '/api/user/admin/dashboard?filter=yearly');
  expect(toPaise(after.cards.sales) - toPaise(year.cards.sales)).toBe(toPaise(order.finalAmount));
  await expect(cardValue(page, 'Sales')).toHaveText(formatINR(toPaise(after.cards.sales)));

  await page.locator('label', { hasText: 'Custom' }).click();
  await expect(page.getByLabel('Start date')).toBeVisible();
});

test('the sales report downloads as XLSX and PDF with the figures on screen', async ({ page, request }) => {
  const report = await adminGet<SalesReportDto>(request, '/api/user/admin/sales-report?filter=monthly');
  expect(report.totals.orders).toBeGreaterThan(0);
  await openAsAdmin(page, request, '/admin/sales-report?filter=monthly');
  await expect(page.getByRole('heading', { name: INSIGHT_MSG.salesReportTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: report.products[0].name }).first()).toBeVisible();

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  const range = `${report.period.startDate}-to-${report.period.endDate}`;
  expect(xlsx.suggestedFilename()).toBe(`sales-report-${range}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  expect(book.worksheets.map((w) => w.name)).toEqual([INSIGHT_MSG.productSheet, INSIGHT_MSG.orderSheet]);
  const orderNumbers = book.worksheets[1]
    .getColumn(1)
    .values.filter((v): v is string => typeof v === 'string' && v.startsWith('ORD-'));
  expect(orderNumbers).toHaveLength(report.totals.orders);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`sales-report-${range}.pdf`);
  const stream = await pdf.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const { text } = await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText();
  expect(text).toContain(`₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(report.totals.net)}`);
});
