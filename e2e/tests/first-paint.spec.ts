import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const PHONE = { width: 375, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box as Box;
}

/** What a phone shows from the HTML and styles alone, before any script has run. */
async function withoutScripts<T>(browser: Browser, url: string, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await read(page);
  } finally {
    await context.close();
  }
}

test('the home page draws its frame and banner before the scripts, and the app takes over without moving them', async ({
  browser,
  page,
}) => {
  const before = await withoutScripts(browser, '/', async (shell) => {
    await expect(shell.getByRole('link', { name: 'Bag Shop' })).toBeVisible();
    await expect(shell.locator('main .banner-image')).toBeVisible();
    return { nav: await boxOf(shell, 'nav.shop-navbar'), banner: await boxOf(shell, 'main .banner-image') };
  });

  await page.setViewportSize(PHONE);
  await page.goto('/');
  // The caption comes with the app: once it shows, React has replaced the shell.
  await expect(page.getByRole('heading', { name: 'Carry it beautifully' })).toBeVisible();
  expect(await page.locator('#root nav.shop-navbar').count()).toBe(1);
  expect(await boxOf(page, 'nav.shop-navbar')).toEqual(before.nav);
  // The carousel has three slides; the first one is the one the shell drew.
  expect(await boxOf(page, 'main .carousel-item.active .banner-image')).toEqual(before.banner);

  await page.getByRole('link', { name: 'Shop now' }).first().click();
  await expect(page).toHaveURL('/shop-products');
  await expect(page.getByRole('heading', { name: 'Results' })).toBeAttached();
});

/** The API reads a page load asks for, by path (query left out). */
function apiReadsOf(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname);
  });
  return reads;
}

test('a product page draws its picture and name before the scripts, and boots into the working page with the data it carries', async ({
  browser,
  page,
  request,
}) => {
  const { all } = (await (await request.get('/api/products/new')).json()) as { all: { _id: string; name: string }[] };
  const product = all[0];
  const before = await withoutScripts(browser, `/details/${product._id}`, async (shell) => {
    await expect(shell.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    await expect(shell.locator('main .gallery-main-img')).toBeVisible();
    return { picture: await boxOf(shell, 'main .gallery-main-img'), name: await boxOf(shell, 'main h1') };
  });

  await page.setViewportSize(PHONE);
  const reads = apiReadsOf(page);
  const response = await page.goto(`/details/${product._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/details/${product._id}$`));
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: product.name, offers: { priceCurrency: 'INR' } });
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  // The app drew the picture and the name where the page had them, from the product the page carried.
  expect(await boxOf(page, 'main button.gallery-main .gallery-main-img')).toEqual(before.picture);
  expect(await boxOf(page, 'main h1')).toEqual(before.name);
  expect(reads).not.toContain(`/api/products/${product._id}`);
});

test('the shop page boots with its first page and categories from the page itself', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const reads = apiReadsOf(page);
  await page.goto('/shop-products');
  await expect(page.getByRole('heading', { name: 'Results' })).toBeAttached();
  await expect(page.locator('main .product-card').first()).toBeVisible();
  expect(reads).not.toContain('/api/products/shop-products');
  expect(reads).not.toContain('/api/category/all');
});

test('an unknown product answers 404 and the app shows that it is not there', async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedRequests(404);
  const response = await page.goto('/details/26fa64b5-bdf3-46a7-a98a-4f530a2d66f7');
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
