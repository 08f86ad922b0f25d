import type { Page } from '@playwright/test';
import { fillLogin, navbarName, newAccount, registerViaApi, signIn, signInAdmin } from '../support/accounts.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/** Opens the users list from the admin menu and narrows it to one email. */
async function findUser(page: Page, email: string) {
  await page.getByRole('complementary', { name: 'Admin menu' }).getByRole('link', { name: 'User' }).click();
  await expect(page).toHaveURL('/admin/user');
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  await expect(page).toHaveURL(/keyword=/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

async function answerYes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}

test('blocking a shopper cuts them off at once and unblocking lets them back in', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const shopper = newAccount('Kiran');
  await registerViaApi(request, shopper);

  // The shopper is already signed in elsewhere when the administrator blocks them.
  const shopperContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const shopperPage = await shopperContext.newPage();
  consoleErrors.watch(shopperPage);
  // Blocked, the shopper is refused (403) and their session is ended with the block, so a token refresh is too (401).
  consoleErrors.allowFailedRequests(401, 403);
  await signIn(shopperPage, shopper.email, shopper.password, shopper.name);
  await shopperPage.goto('/account');
  await expect(shopperPage.getByRole('heading', { name: shopper.name })).toBeVisible();

  await signInAdmin(page);
  const row = await findUser(page, shopper.email);
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: `Block ${shopper.name}` }).click();
  await answerYes(page);
  await expect(page.getByText('User blocked')).toBeVisible();
  await expect(row.getByText('Blocked')).toBeVisible();
  await expect(row.getByRole('button', { name: `Unblock ${shopper.name}` })).toBeVisible();

  // The shopper's next request is refused: the session ends and they are back at the login screen.
  await shopperPage.goto('/account');
  await expect(shopperPage.getByText('You are blocked').first()).toBeVisible();
  await expect(shopperPage).toHaveURL('/login');
  await expect(navbarName(shopperPage, shopper.name)).toHaveCount(0);
  expect(await shopperPage.evaluate(() => localStorage.getItem('userToken'))).toBeNull();

  // Signing in again is refused with the block message, and the shopper stays on the login screen.
  const freshContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const freshPage = await freshContext.newPage();
  consoleErrors.watch(freshPage);
  await fillLogin(freshPage, shopper.email, shopper.password);
  await expect(freshPage.getByRole('alert').filter({ hasText: 'You are blocked' }).first()).toBeVisible();
  await expect(freshPage).toHaveURL('/login');
  await expect(navbarName(freshPage, shopper.name)).toHaveCount(0);

  await row.getByRole('button', { name: `Unblock ${shopper.name}` }).click();
  await answerYes(page);
  await expect(page.getByText('User unblocked')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await signIn(freshPage, shopper.email, shopper.password, shopper.name);
  await shopperContext.close();
  await freshContext.close();
});
