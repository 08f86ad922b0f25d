import fs from 'node:fs';
import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { gstMonthOf, previousGstMonthOf } from '@bagshop/shared/gst/periods';
import { formatINR, toPaise } from '@bagshop/shared/pricing/money';
import { GST_MSG, type GstSummaryDto } from '@bagshop/shared/schemas/gst';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
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

async function summaryOf(request: APIRequestContext, period: string): Promise<GstSummaryDto> {
  const res = await request.get(`/api/admin/gst/summary?period=${period}`, {
    headers: bearer(await adminToken(request)),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GstSummaryDto;
}

/**
 * This month's return, with at least one invoice in it. The demo shop's newest orders are paid today, but in the
 * first hours of a month they may all be cash on delivery, invoiced only when shipped: then a cash order is placed
 * and shipped here, which issues its invoice now.
 */
async function thisMonthsReturn(request: APIRequestContext): Promise<GstSummaryDto> {
  const period = gstMonthOf(new Date());
  const summary = await summaryOf(request, period);
  if (summary.registers.invoices.count > 0) return summary;
  const bag = await newBag(request, { name: `Gst Tote ${uniqueLetters(6)}`, price: 800, quantity: 2 });
  const shopper = await newShopper(request, 'Gauri');
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  await confirmCodViaApi(request, shopper.token, order._id);
  await shipViaApi(request, order._id);
  return summaryOf(request, period);
}

const rupees = (amount: number) => formatINR(toPaise(amount));

/** The admin menu lists the page (the sidebar on a wide screen, the drawer on a phone) and marks it as the one open. */
async function expectInTheMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bag Shop Admin' });
    await expect(drawer.getByRole('link', { name: GST_MSG.title })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('button', { name: 'Close admin menu' }).click();
    await expect(drawer).toBeHidden();
  } else {
    const sidebar = page.getByRole('complementary', { name: 'Admin menu' });
    await expect(sidebar.getByRole('link', { name: GST_MSG.title })).toHaveAttribute('aria-current', 'page');
  }
}

async function checkThisMonth(page: Page, request: APIRequestContext, width: number) {
  const summary = await thisMonthsReturn(request);
  await openAsAdmin(page, request, '/admin/gst');
  await expect(page.getByRole('heading', { name: GST_MSG.title, level: 1 })).toBeVisible();
  // Returns are filed once the month is over: the page opens on last month, named in the address.
  await expect(page).toHaveURL(`/admin/gst?period=${previousGstMonthOf(new Date())}`);
  await expectInTheMenu(page, width < 992);

  await page.getByLabel(GST_PAGE_MSG.monthLabel, { exact: true }).fill(summary.period);
  await page.getByRole('button', { name: GST_PAGE_MSG.apply }).click();
  await expect(page).toHaveURL(`/admin/gst?period=${summary.period}`);
  await expect(page.getByTestId('gst-period')).toContainText(summary.label);

  const sections = page.getByRole('table', { name: GST_PAGE_MSG.sectionsCaption });
  for (const section of summary.sections) {
    await expect(sections.getByRole('row', { name: section.title })).toContainText(rupees(section.value));
  }
  await expect(sections.getByRole('row', { name: GST_PAGE_MSG.declaredRow })).toContainText(
    rupees(summary.declared.value),
  );
  const registers = page.getByRole('table', { name: GST_PAGE_MSG.registersCaption });
  await expect(registers.getByRole('row', { name: GST_PAGE_MSG.invoicesRow })).toContainText(
    rupees(summary.registers.invoices.value),
  );
  await expect(page.getByText(GST_PAGE_MSG.agrees)).toBeVisible();
  await expect(page.getByTestId('sales-tax-check')).toBeVisible();
  const documents = page.getByRole('table', { name: GST_PAGE_MSG.documentsCaption });
  await expect(documents).toContainText(summary.documents[0].from);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: GST_PAGE_MSG.gstr1Json }).click(),
  ]);
  expect(json.suggestedFilename()).toBe(`GSTR1-${summary.gstin}-${summary.period}.json`);
  const gstr1 = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as { gstin: string; fp: string };
  expect(gstr1.gstin).toBe(summary.gstin);
  expect(gstr1.fp).toBe(summary.fp);
  expect(gstr1.fp).toBe(`${summary.period.slice(5, 7)}${summary.period.slice(0, 4)}`);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: GST_PAGE_MSG.gstr1Xlsx }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

  // Tables scroll inside their wrappers and the buttons wrap: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await seriousViolations(page, `GST returns at ${width} px`)).toEqual([]);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the admin opens GST returns, picks this month, sees it add up and downloads GSTR-1', async ({
    page,
    request,
  }) => {
    await checkThisMonth(page, request, 1280);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the admin opens GST returns on a phone, finds it in the drawer, picks this month, sees it add up and downloads GSTR-1', async ({
    page,
    request,
  }) => {
    await checkThisMonth(page, request, 375);
  });
});
