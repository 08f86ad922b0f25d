import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { SHOPPER, shopNavbar, signInAdmin, submitLogin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Every page's title names it, also after the app has taken over and moves between pages itself (client
 * navigation: links are clicked, nothing is loaded anew). The landing pages are drawn by the server first: their
 * title there is the one the app keeps (docs/decisions/057-registration-says-what-happened.md).
 */

/** The <title> the server writes into a page's HTML, before any script runs. */
async function serverTitle(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
}

/** Follows a link of the shop's top bar; on a phone the menu is opened first. */
async function followNavbar(page: Page, name: string | RegExp) {
  const navbar = shopNavbar(page);
  const toggle = navbar.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) await toggle.click();
  await navbar.getByRole('link', { name, exact: true }).click();
}

/** The cart link that this width shows (in the bar on a phone, among the links on a desktop). */
const cartLink = (page: Page) =>
  shopNavbar(page)
    .getByRole('link', { name: /^Cart, / })
    .filter({ visible: true });

/**
 * Checks the title, and for a landing page that the server said the same before the app took over. The page must
 * still be the document the journey began in: a page loaded anew would show the server's title for a moment, which
 * is not what the app sets.
 */
async function expectTitle(page: Page, request: APIRequestContext, title: string, landing = false) {
  expect(await page.evaluate(() => (window as { journey?: boolean }).journey)).toBe(true);
  await expect(page).toHaveTitle(title);
  if (landing) {
    const url = new URL(page.url());
    expect(await serverTitle(request, url.pathname + url.search)).toBe(title);
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a shopper moving through the shop by its links sees each page named in the title', async ({
      page,
      request,
    }) => {
      await page.goto('/');
      // The first touch of the page: the app takes the server's page over, and says so on <html>.
      await page.keyboard.press('Shift');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await page.evaluate(() => {
        (window as { journey?: boolean }).journey = true;
      });
      await expectTitle(page, request, 'Bag Shop', true);

      await followNavbar(page, 'Shop');
      await expect(page).toHaveURL('/shop-products');
      await expectTitle(page, request, 'Shop · Bag Shop', true);

      // One category chosen: that category's page, named as the server names it.
      const filters = page.getByRole('button', { name: 'Filters' });
      const onPhone = await filters.isVisible();
      if (onPhone) await filters.click();
      const category = page.getByRole('group', { name: 'Category' }).getByRole('checkbox').first();
      const categoryName = (await category.textContent())?.trim() ?? '';
      expect(categoryName).not.toBe('');
      await category.click();
      await expect(page).toHaveURL(/[?&]category=/);
      await expectTitle(page, request, `Shop ${categoryName} · Bag Shop`, true);
      // On a phone the panel stays open for more filters until Done (decision 059).
      if (onPhone) await page.getByRole('button', { name: CATALOGUE_MSG.filtersDone }).click();

      await page.locator('a[href^="/details/"]').first().click();
      await expect(page).toHaveURL(/\/details\//);
      const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      await expectTitle(page, request, `${name} · Bag Shop`, true);

      // The cart needs a sign-in: the visitor is sent to the sign-in page, which is named for what it is.
      await cartLink(page).click();
      await expect(page).toHaveURL('/login');
      await expectTitle(page, request, 'Sign in · Bag Shop');

      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL('/register');
      await expectTitle(page, request, 'Create account · Bag Shop');

      await page.getByText('Already have an account?').getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/login');
      await expectTitle(page, request, 'Sign in · Bag Shop');

      await submitLogin(page, SHOPPER.email, SHOPPER.password);
      await expect(page).toHaveURL('/');
      await cartLink(page).click();
      await expect(page).toHaveURL('/cart');
      await expectTitle(page, request, 'Shopping Cart · Bag Shop');

      await followNavbar(page, 'About');
      await expect(page).toHaveURL('/about');
      await expectTitle(page, request, 'About us · Bag Shop');

      await followNavbar(page, 'Contact');
      await expect(page).toHaveURL('/contact');
      await expectTitle(page, request, 'Contact us · Bag Shop');

      await followNavbar(page, 'Home');
      await expect(page).toHaveURL('/');
      await expectTitle(page, request, 'Bag Shop');
    });

    test('a product that does not exist is "Page not found" in the server\'s title and the app\'s', async ({
      page,
      request,
      consoleErrors,
    }) => {
      consoleErrors.allowFailedRequests(404);
      const path = `/details/${crypto.randomUUID()}`;
      expect(await serverTitle(request, path)).toBe('Page not found · Bag Shop');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Bag Shop');
    });

    test('an administrator moving through the admin area by its menu sees each page named in the title', async ({
      page,
    }) => {
      await signInAdmin(page);
      await expect(page).toHaveTitle('Dashboard · Bag Shop');
      for (const [entry, title] of [
        ['Products', 'Products · Bag Shop'],
        ['Orders', 'Orders · Bag Shop'],
        ['Dashboard', 'Dashboard · Bag Shop'],
      ] as const) {
        const drawerButton = page.getByRole('button', { name: 'Open admin menu' });
        let menu = page.getByRole('complementary', { name: 'Admin menu' });
        if (await drawerButton.isVisible()) {
          await drawerButton.click();
          menu = page.getByRole('dialog', { name: 'Bag Shop Admin' });
        }
        await menu.getByRole('link', { name: entry, exact: true }).click();
        await expect(page).toHaveURL(`/admin/${entry.toLowerCase()}`);
        await expect(page).toHaveTitle(title);
      }
    });
  });
}
