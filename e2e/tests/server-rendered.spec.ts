import type { Browser, Page } from '@playwright/test';
import { newAccount, registerViaApi, shopNavbar, submitLogin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

// The landing pages drawn by React on the server (docs/decisions/047-server-rendered-landing-pages.md).

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
];

interface CardAnswer {
  _id: string;
  name: string;
}

async function newestProduct(page: Page): Promise<CardAnswer> {
  const { all } = (await (await page.request.get('/api/products/new')).json()) as { all: CardAnswer[] };
  return all[0];
}

/** What a browser with JavaScript switched off shows: the server's page alone. */
async function withoutScripts(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The first touch of the page: the app takes it over, and says so on <html>. */
async function hydrate(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

test('without JavaScript the landing pages show their products and prices, with filters and pages as links', async ({
  browser,
  page,
}) => {
  const product = await newestProduct(page);
  await withoutScripts(browser, async (plain) => {
    await plain.goto('/');
    const newProducts = plain.getByRole('list', { name: 'New products' });
    await expect(newProducts.getByRole('link', { name: product.name })).toBeVisible();
    await expect(newProducts.getByText(/₹[\d,]+/).first()).toBeVisible();

    await plain.goto('/shop-products');
    await expect(plain.getByText(/^\d+ products?$/)).toBeVisible();
    await expect(plain.locator('main .product-card')).toHaveCount(12);
    await plain.getByRole('link', { name: 'Page 2' }).click();
    await expect(plain).toHaveURL('/shop-products?page=2');
    await expect(plain.getByRole('link', { name: 'Page 2' })).toHaveCount(0);
    await expect(plain.getByLabel('Page 2')).toHaveAttribute('aria-current', 'page');
    await plain.goto('/shop-products');
    // On a phone the filters open as the address's target; a filter is a link to the shop with it switched on.
    await plain.getByRole('button', { name: 'Filters' }).click();
    const black = plain.getByRole('checkbox', { name: 'Black', exact: true });
    await expect(black).toHaveAttribute('href', '/shop-products?color=Black');
    await black.click();
    await expect(plain).toHaveURL('/shop-products?color=Black');
    // The new page's panel (closed again on a phone) has it on.
    await expect(plain.getByRole('checkbox', { name: 'Black', exact: true, includeHidden: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The search is a plain form too; it keeps the filters on, so it is made here from the whole shop.
    await plain.goto('/shop-products');
    await plain.getByRole('combobox', { name: 'Search products' }).fill(product.name);
    await plain.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(plain).toHaveURL(/[?&]keyword=/);
    await expect(plain.getByRole('link', { name: product.name })).toBeVisible();

    await plain.goto(`/details/${product._id}`);
    await expect(plain.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    await expect(
      plain
        .locator('main')
        .getByText(/₹[\d,]+/)
        .first(),
    ).toBeVisible();
    await expect(plain.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  });
});

for (const size of SIZES) {
  test(`on a ${size.name} the app takes over the server's page without moving it; then a shopper filters, pages, adds to cart and signs in`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const shopper = newAccount('Ira');
    await registerViaApi(page.request, shopper);
    const product = await newestProduct(page);

    await page.goto('/shop-products');
    const firstCard = page.locator('main .product-card').first();
    const before = await firstCard.boundingBox();
    // A mark on the page: it survives everything the app does without loading a page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await hydrate(page);
    expect(await firstCard.boundingBox()).toEqual(before);

    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/shop-products?page=2');
    await expect(page.getByLabel('Page 2')).toHaveAttribute('aria-current', 'page');
    if (size.width < 992) await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Black', exact: true }).click();
    await expect(page).toHaveURL('/shop-products?color=Black');
    // On a phone the panel stays open for more filters until Done; then its button counts the filter chosen.
    if (size.width < 992) {
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Filters 1' }).click();
    }
    await expect(page.getByRole('checkbox', { name: 'Black', exact: true })).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);

    // A product page straight from the server: a tap on Add to cart before the app has started is not lost.
    await page.goto(`/details/${product._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(`/details/${product._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(shopNavbar(page).getByRole('link', { name: 'Cart, 1 items' }).first()).toBeAttached();

    // Signed in, a landing page from the server becomes the shopper's own once the browser is idle.
    // The product page's answer stays in the cache until the page itself is hydrated, whatever the session changes.
    for (const address of ['/', `/details/${product._id}`]) {
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await expect(shopNavbar(page).getByRole('link', { name: 'Cart, 1 items' }).first()).toBeAttached();
    }
  });
}

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/**
 * The layout shifts of the page from its first paint on, each with the elements that moved (as Lighthouse counts
 * them: `hadRecentInput` ones are left out).
 */
async function recordShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map(
            (source) =>
              `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : source.node?.textContent} ` +
              `${source.previousRect.y}→${source.currentRect.y}, ${source.previousRect.x}→${source.currentRect.x}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    // A shift is reported after the frame that drew it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    return shifts.filter((shift) => !shift.hadRecentInput);
  };
}

/**
 * The shop page with its parser held twice, as a busy phone's stops now and then and paints what it has: after the
 * Sort label (its select not there yet) and after the first card (its neighbours not laid out yet). Each hold is a
 * script that answers late and then takes itself out of the page, so the app finds the server's markup as it was.
 */
async function withParserHeld(page: Page): Promise<void> {
  const HOLD = '/e2e-parser-hold.js';
  await page.route(`**${HOLD}?*`, async (route) => {
    const n = Number(new URL(route.request().url()).searchParams.get('n'));
    // The browser asks for both at once: each answers later than the one before, so the parser stops twice.
    await new Promise((resolve) => setTimeout(resolve, 600 * n));
    await route.fulfill({ contentType: 'text/javascript', body: 'document.currentScript.remove();' });
  });
  await page.route('**/shop-products', async (route) => {
    const html = await (await route.fetch()).text();
    const hold = (n: number) => `<script src="${HOLD}?n=${n}"></script>`;
    const held = html
      .replace('>Sort by</label>', (label) => label + hold(1))
      .replace(/<li class="product-grid-item[\s\S]*?<\/li>/, (card) => card + hold(2));
    expect(held.match(/e2e-parser-hold/g)).toHaveLength(2);
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: held });
  });
}

for (const size of SIZES) {
  test(`on a ${size.name} the shop page moves nothing from its first paint through the app taking it over, however the browser parses it`, async ({
    browser,
    consoleErrors,
  }) => {
    // The viewport is the context's from the start: a resize counts as input, which would hide the shifts after it.
    const context = await browser.newContext({ viewport: size });
    try {
      const page = await context.newPage();
      consoleErrors.watch(page);
      // A kept delivery pincode has the app take the page over once the browser is idle (decision 047), with no
      // input that would leave the shifts of the next 500 ms out of the count.
      await page.addInitScript(() => localStorage.setItem('deliveryPincode', '560001'));
      const shifts = await recordShifts(page);
      await withParserHeld(page);
      await page.goto('/shop-products');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await expect(page.locator('main .product-card')).toHaveCount(12);
      expect(await shifts()).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('an unknown product answers 404 and the app shows that it is not there', async ({ page, consoleErrors }) => {
  consoleErrors.allowFailedRequests(404);
  const response = await page.goto('/details/26fa64b5-bdf3-46a7-a98a-4f530a2d66f7');
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
