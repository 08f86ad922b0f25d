import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShopDetails } from '@bagshop/shared/shop-settings';
import { fillLogin, SHOPPER, shopNavbar } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

const POLICIES = [
  ['Shipping and delivery', '/policies/shipping', 'policy-shipping.png'],
  ['Cancellations and refunds', '/policies/cancellations-and-refunds', 'policy-cancellations-and-refunds.png'],
  ['Privacy', '/policies/privacy', 'policy-privacy.png'],
  ['Terms and conditions', '/policies/terms', 'policy-terms.png'],
] as const;

/** Set POLICY_SCREENSHOTS=1 to refresh the pictures of the pages in docs/screenshots/. */
const SCREENSHOTS = process.env.POLICY_SCREENSHOTS
  ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots')
  : null;

test('the footer leads to each policy page, which names the seller and how to reach them', async ({
  page,
  request,
}) => {
  const { seller } = (await (await request.get('/api/shop/details')).json()) as ShopDetails;
  await page.goto('/');
  for (const [title, url, picture] of POLICIES) {
    await page.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const card = page.locator('.card').filter({ hasText: 'Who we are and how to reach us' });
    await expect(card).toContainText(seller.name);
    await expect(card).toContainText(seller.address);
    await expect(card).toContainText(`GSTIN ${seller.gstin}`);
    await expect(card.getByRole('link', { name: seller.email })).toHaveAttribute('href', `mailto:${seller.email}`);
    await expect(card.getByRole('link', { name: seller.phone })).toBeVisible();
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, picture), fullPage: true });
  }
});

test('the terms open from the registration form in a new tab, and the form keeps what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Nisha Rao');
  await page.getByLabel('Email').fill('nisha.rao@example.in');
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Terms of Use/ }).click(),
  ]);
  await expect(terms).toHaveURL(/\/policies\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await terms.close();
  await expect(page).toHaveURL('/register');
  await expect(page.getByLabel('Name')).toHaveValue('Nisha Rao');
  await expect(page.getByLabel('Email')).toHaveValue('nisha.rao@example.in');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the Referrals page does not scroll sideways, and the cart sits beside the menu button', async ({ page }) => {
    await fillLogin(page, SHOPPER.email, SHOPPER.password);
    await expect(page).toHaveURL('/');

    const navbar = shopNavbar(page);
    const toggler = navbar.getByRole('button', { name: 'Toggle navigation' });
    const cart = navbar.getByRole('link', { name: /^Cart, \d+ items$/ });
    await expect(toggler).toBeVisible();
    await expect(cart).toBeVisible();
    const [cartBox, togglerBox] = [await cart.boundingBox(), await toggler.boundingBox()];
    if (!cartBox || !togglerBox) throw new Error('the cart or the menu button has no box');
    // On one row, the cart just left of the menu button.
    expect(Math.abs(cartBox.y + cartBox.height / 2 - (togglerBox.y + togglerBox.height / 2))).toBeLessThan(8);
    expect(cartBox.x + cartBox.width).toBeLessThanOrEqual(togglerBox.x + 1);
    expect(togglerBox.x + togglerBox.width).toBeLessThanOrEqual(375);

    await toggler.click();
    await navbar.getByRole('link', { name: SHOPPER.name, exact: true }).click();
    await page
      .getByRole('link', { name: 'Referrals' })
      .or(page.getByRole('button', { name: 'Referrals' }))
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    const getCode = page.getByRole('button', { name: 'Get Referral Code' });
    if (await getCode.isVisible()) await getCode.click();
    await expect(page.getByLabel('Share link', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
