import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { seriousViolations } from '../support/axe.ts';
import { adminToken } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  newBag,
  newShopper,
  openAsAdmin,
  openAsShopper,
  placeOrderViaApi,
} from '../support/orders.ts';

/**
 * The screens a newcomer meets first, as docs/screenshots/ and the README show them: each opens with its heading,
 * its content and nothing serious for axe, at the width the picture is taken. Set DOCS_SCREENSHOTS=1 to take the
 * pictures again (`DOCS_SCREENSHOTS=1 npm run test:e2e -- docs-screenshots`).
 */
const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');
const TAKE = Boolean(process.env.DOCS_SCREENSHOTS);

async function picture(page: Page, file: string, heading: string | RegExp, fullPage = true) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
  expect(await seriousViolations(page, file)).toEqual([]);
  // Pictures wait for the images they show, so a picture is never of grey placeholders.
  await page.waitForLoadState('networkidle');
  if (!TAKE) return;
  // Sections below a phone's first screen are drawn only near the viewport (content-visibility, decision 047):
  // a whole-page picture draws them all.
  if (fullPage) {
    // A sticky bar is drawn where the scroll leaves it: in a whole-page picture it stays at the top.
    await page.addStyleTag({
      content: '* { content-visibility: visible !important; } .sticky-top { position: static !important; }',
    });
    // Pictures load as they come near the viewport: a pass down the page loads them all.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
  }
  await page.screenshot({ path: path.join(DOCS, file), fullPage, animations: 'disabled' });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the shop, About and Contact, as a visitor sees them', async ({ page }) => {
    await page.goto('/shop-products');
    await expect(page.locator('.card').first()).toBeVisible();
    await picture(page, 'screenshot.png', /./, false);
    await page.goto('/about');
    await picture(page, 'screenshots/about.png', /journey/i);
    await page.goto('/contact');
    await picture(page, 'screenshots/contact.png', /contact/i);
  });

  test('a shopper’s address form and order', async ({ page, request }) => {
    const shopper = await newShopper(request, 'Lakshmi');
    const bag = await newBag(request, { name: 'Docs Ledger Tote', price: 899.5, quantity: 5 });
    await addToCartViaApi(request, shopper.token, bag._id, 1);
    const order = await placeOrderViaApi(request, shopper, 'cod');
    await openAsShopper(page, request, shopper, '/account/add-address');
    await expect(page.getByLabel(/landmark/i)).toBeVisible();
    await picture(page, 'screenshots/address-form.png', /address/i);
    await page.goto(`/order-details/${order._id}`);
    await expect(page.getByText('Docs Ledger Tote').first()).toBeVisible();
    await picture(page, 'screenshots/order-details.png', /order/i);
  });

  test('the administrator’s dashboard, offers and catalogue import', async ({ page, request }) => {
    await openAsAdmin(page, request, '/admin/dashboard');
    await picture(page, 'screenshots/admin-dashboard.png', /dashboard/i);
    await page.goto('/admin/offers');
    await expect(page.getByRole('switch')).toBeVisible();
    await picture(page, 'screenshots/admin-offers.png', /offers/i);
    await page.goto('/admin/products/import');
    await picture(page, 'screenshots/admin-import.png', /import/i);
  });
});

/** A PDF of the shop's, checked for a text it must hold, and drawn as docs/screenshots/<file> when pictures are taken. */
async function documentPicture(pdf: Buffer, mustHold: string, file: string) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    expect((await parser.getText()).text).toContain(mustHold);
    if (!TAKE) return;
    const [first] = (await parser.getScreenshot({ partial: [1], desiredWidth: 1100 })).pages;
    fs.writeFileSync(path.join(DOCS, 'screenshots', file), first.data);
  } finally {
    await parser.destroy();
  }
}

test('the GST invoice of one of the demo shop’s paid orders, and the credit note of a returned bag', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get('/api/orders/admin/orders?limit=100', { headers });
  expect(list.status(), await list.text()).toBe(200);
  const demoOrders = ((await list.json()) as { orders: OrderDto[] }).orders;
  const invoiced = demoOrders.find((o) => o.invoiceNumber);
  expect(invoiced, 'a paid order of the demo shop').toBeTruthy();
  const invoice = await request.get(`/api/orders/${invoiced?._id}/invoice`, { headers });
  expect(invoice.status()).toBe(200);
  await documentPicture(await invoice.body(), invoiced?.invoiceNumber ?? '—', 'gst-invoice.png');

  // The demo shop's returns were refunded against their invoices: each has its credit note.
  const returned = demoOrders.find((o) => o.items.some((item) => item.status === 'Returned'));
  expect(returned, 'a demo order with a returned bag').toBeTruthy();
  const [note] = returned?.creditNotes ?? [];
  expect(note, 'the credit note of the returned bag').toBeTruthy();
  const creditNote = await request.get(`/api/orders/${returned?._id}/credit-notes/${note?._id}`, { headers });
  expect(creditNote.status()).toBe(200);
  await documentPicture(await creditNote.body(), note?.number ?? '—', 'gst-credit-note.png');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the home page with its footer, and a product, on a phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await picture(page, 'screenshots/home-375.png', /./);
    await page.goto('/shop-products');
    await page.locator('.card a').first().click();
    await expect(page).toHaveURL(/\/details\//);
    await picture(page, 'screenshots/product-375.png', /./);
  });
});
