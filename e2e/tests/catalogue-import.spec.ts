import fs from 'node:fs';
import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import { IMPORT_SCREEN_MSG as M } from '@bagshop/shared/import-screen-messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { seriousViolations } from '../support/axe.ts';
import { adminToken, bagPhoto, uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import { bearer, openAsAdmin } from '../support/orders.ts';

/**
 * The administrator's catalogue import (docs/decisions/053-catalogue-import.md): a Shopify product CSV of a tote in
 * two colours and a sling in a colour the shop does not sell, with its pictures as a ZIP. The check reports the bad
 * row and changes nothing; importing the good rows adds the tote's two colours as two products.
 */

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,' +
  'Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Status';

function shopifyCsv(tag: string, toteName: string, category: string): Buffer {
  const sku = tag.toUpperCase();
  const rows = [
    `${tag}-tote,${toteName},"<p>Soft leather, roomy.</p>",Hidesign,${category},leather,TRUE,Color,Black,${sku}-BLK,700,5,2999.00,3499.00,tote-black.png,1,Black,active`,
    `${tag}-tote,,,,,,,,Brown,${sku}-BRN,650,3,2999.00,,tote-brown.png,2,Brown,`,
    `${tag}-sling,Sling ${tag},<p>Small</p>,Baggit,${category},,TRUE,Color,Mauve,${sku}-SL,300,4,999.00,,tote-black.png,1,,active`,
  ];
  return Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);
}

async function picturesZip(): Promise<Buffer> {
  const black = await bagPhoto(160);
  const brown = await sharp(black).tint('#7a4a2a').png().toBuffer();
  return Buffer.from(zipSync({ 'tote-black.png': black, 'tote-brown.png': brown }));
}

/** How many products of the shop carry `name`, as the admin list counts them. */
async function productsNamed(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/products/', {
    headers: bearer(await adminToken(request)),
    params: { keyword: name },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

async function importCatalogue(
  page: Page,
  request: APIRequestContext,
  width: number,
  category: { name: string; create: boolean },
) {
  const tag = `imp${uniqueLetters(7)}`;
  const toteName = `Import Tote ${tag}`;
  await openAsAdmin(page, request, '/admin/products');
  await page.getByRole('link', { name: M.title }).click();
  await expect(page).toHaveURL('/admin/products/import');
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();

  const form = page.getByRole('form', { name: M.title });
  await form.getByLabel(M.fileLabel).setInputFiles({
    name: 'products_export.csv',
    mimeType: 'text/csv',
    buffer: shopifyCsv(tag, toteName, category.name),
  });
  await form
    .getByLabel(M.imagesLabel)
    .setInputFiles({ name: 'pictures.zip', mimeType: 'application/zip', buffer: await picturesZip() });
  await form.getByLabel(M.defaultSizeLabel).fill('35Lx15Bx40Hcm');
  if (category.create) await form.getByLabel(M.createCategories).check();

  // The upload is held at the door until its progress bar has been seen, then let through.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/products/import', async (route) => {
    await gate;
    await route.continue();
  });
  await form.getByRole('button', { name: M.check }).click();
  const upload = form.getByRole('progressbar', { name: M.uploadProgress });
  await expect(upload).toBeAttached();
  await expect(upload).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(form.getByRole('button', { name: M.import })).toBeDisabled();
  release();

  // A file of three rows is checked in a moment: the bar of rows read gives way to the report.
  const status = page.getByRole('status', { name: M.statusLabel });
  await expect(status).toHaveText(IMPORT_MSG.dryRunDone, { timeout: 20_000 });
  await page.unroute('**/api/admin/products/import');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('import-count-created')).toHaveText('Created 2');
  await expect(page.getByTestId('import-count-error')).toHaveText('Errors 1');
  if (category.create) await expect(page.getByText(`${M.categoriesToCreate}: ${category.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: M.importNow })).toHaveCount(0);

  const report = page.getByRole('table', { name: M.reportCaption(1, 3, 3) });
  await expect(report.getByTestId('import-report-row')).toHaveCount(3);
  await page.getByLabel(M.filterLabel).selectOption('error');
  const bad = page.getByRole('table', { name: M.reportCaption(1, 1, 1) }).getByTestId('import-report-row');
  await expect(bad).toHaveCount(1);
  await expect(bad.getByRole('cell').first()).toHaveText('4');
  await expect(bad).toContainText(`${tag}-sling`);
  await expect(bad).toContainText(`Option1 Value: ${IMPORT_MSG.unknownColour('Mauve')}`);

  // The table scrolls inside its box; the page itself never does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await seriousViolations(page, `import report at ${width} px`)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: M.downloadReport }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('import-report.csv');
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
    'Row,Handle,Name,SKU,Colour,Outcome,Fields changed,Column,Problem',
  );
  expect(csv).toContain('Option1 Value');
  expect(csv).toContain(`${tag.toUpperCase()}-BRN`);

  // The check added nothing. The form keeps its files: importing the good rows needs one more tick.
  expect(await productsNamed(request, toteName)).toBe(0);
  await form.getByLabel(M.skipInvalid).check();
  await form.getByRole('button', { name: M.import }).click();
  await expect(status).toHaveText(IMPORT_MSG.applied({ created: 2, updated: 0, error: 1 }), { timeout: 30_000 });
  expect(await productsNamed(request, toteName)).toBe(2);
  await expect(page.getByTestId('import-count-created')).toHaveText('Created 2');
  if (category.create) await expect(page.getByText(`${M.categoriesCreated}: ${category.name}`)).toBeVisible();
  await page.getByLabel(M.filterLabel).selectOption('created');
  await expect(page.getByTestId('import-report-row').getByRole('link', { name: toteName })).toHaveCount(2);
  expect(await seriousViolations(page, `import done at ${width} px`)).toEqual([]);

  // The new products are in the admin list, each with its colour's SKU.
  await page.getByRole('link', { name: M.backToProducts }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(toteName);
  await expect(page.getByText(`2 products matching “${toteName}”`)).toBeVisible();
  await page
    .getByRole('link', { name: `Edit ${toteName}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/[\w-]+$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(toteName);
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(new RegExp(`^${tag.toUpperCase()}-(BLK|BRN)$`));
  await expect(page.getByLabel('Size', { exact: true })).toHaveValue('35Lx15Bx40Hcm');
  await expect(page.getByRole('img', { name: 'Product view 1' })).toBeVisible();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the admin checks a Shopify CSV with its pictures, reads the report and imports the good rows', async ({
    page,
    request,
  }) => {
    await importCatalogue(page, request, 1280, { name: `Imported ${uniqueLetters(6)}`, create: true });
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the admin imports a Shopify CSV into a category the shop has, on a phone', async ({ page, request }) => {
    await importCatalogue(page, request, 375, { name: 'Totes', create: false });
  });
});
