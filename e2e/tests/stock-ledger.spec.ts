import { STOCK_MSG } from '@bagshop/shared/stock';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/catalogue.ts';
import type { ConsoleWatch } from '../support/fixtures.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  newBag,
  newShopper,
  openAsAdmin,
  placeOrderViaApi,
  productStockViaApi,
} from '../support/orders.ts';

/**
 * The stock ledger on a product's page (docs/decisions/049-stock-ledger.md): a sale shows with its order, a manual
 * adjustment is checked, saved and listed with who made it, a change below 0 is refused, and the dashboard lists the
 * product once it is low.
 */
async function checkStockLedger(page: Page, request: APIRequestContext, consoleErrors: ConsoleWatch, width: number) {
  // The change below 0 is answered 400 on purpose.
  consoleErrors.allowFailedRequests(400);
  const name = `Ledger Tote ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 400, quantity: 6 });
  const shopper = await newShopper(request, 'Lata');
  await addToCartViaApi(request, shopper.token, bag._id, 2);
  const order = await placeOrderViaApi(request, shopper, 'cod');

  await openAsAdmin(page, request, `/admin/products/edit/${bag._id}`);
  const panel = page.getByRole('region', { name: STOCK_MSG.ledgerTitle });
  await expect(panel.getByTestId('stock-now')).toHaveText('4');
  await expect(panel.getByText(STOCK_MSG.lowStockTitle, { exact: true })).toBeHidden();
  const ledger = panel.getByRole('table', { name: STOCK_MSG.ledgerTitle });
  await expect(ledger.getByRole('row')).toHaveCount(3);
  const sale = ledger.getByRole('row').nth(1);
  await expect(sale).toContainText('Sale');
  await expect(sale).toContainText(`Order ${order.orderId}`);
  await expect(sale).toContainText('-2');
  await expect(sale).toContainText('6 → 4');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Opening stock');
  await expect(panel.getByText(STOCK_MSG.ledgerShowing(1, 2, 2))).toBeVisible();

  // Nothing typed: the form says what is missing and sends nothing.
  const adjust = panel.getByRole('form', { name: STOCK_MSG.adjustTitle });
  await adjust.getByRole('button', { name: STOCK_MSG.adjust }).click();
  await expect(adjust.getByText(STOCK_MSG.deltaInvalid)).toBeVisible();
  await expect(adjust.getByText(STOCK_MSG.reasonRequired)).toBeVisible();

  // Below 0: refused by the shop with the stock named, and a toast.
  await adjust.getByLabel(STOCK_MSG.deltaLabel).fill('-9');
  await adjust.getByLabel(STOCK_MSG.reasonLabel).selectOption({ label: 'Damaged' });
  await adjust.getByRole('button', { name: STOCK_MSG.adjust }).click();
  await expect(page.locator('.Toastify').getByText(STOCK_MSG.belowZero(4))).toBeVisible();
  await expect(adjust.getByText(STOCK_MSG.belowZero(4))).toBeVisible();

  await adjust.getByLabel(STOCK_MSG.deltaLabel).fill('-2');
  await adjust.getByLabel(STOCK_MSG.noteLabel).fill('Strap torn in the rain');
  await adjust.getByRole('button', { name: STOCK_MSG.adjust }).click();
  await expect(page.locator('.Toastify').getByText(STOCK_MSG.adjusted)).toBeVisible();
  await expect(panel.getByTestId('stock-now')).toHaveText('2');
  const damaged = ledger.getByRole('row').nth(1);
  await expect(damaged).toContainText('Damaged');
  await expect(damaged).toContainText('4 → 2');
  await expect(damaged).toContainText('Strap torn in the rain');
  await expect(damaged).toContainText('Admin');
  await expect(panel.getByText(STOCK_MSG.lowStockTitle, { exact: true })).toBeVisible();
  expect(await productStockViaApi(request, bag._id)).toBe(2);
  // The product form starts again from the new stock, so saving it does not count the old one back.
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await seriousViolations(page, `stock ledger at ${width} px`)).toEqual([]);

  await page.goto('/admin/dashboard');
  const low = page.getByRole('region', { name: STOCK_MSG.lowStockTitle });
  await expect(low.getByRole('row', { name: new RegExp(name) })).toContainText('2');
  await low.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/admin/products/edit/${bag._id}`);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the admin reads a bag’s stock ledger, adjusts its stock and finds it low on the dashboard', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await checkStockLedger(page, request, consoleErrors, 1280);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the admin reads a bag’s stock ledger and adjusts its stock on a phone', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await checkStockLedger(page, request, consoleErrors, 375);
  });
});
