import { REFERRAL_MSG, WALLET_MSG } from '@bagshop/shared/wallet-messages';
import type { Page } from '@playwright/test';
import { enterCode, navbarName, newAccount, registerViaApi, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCode } from '../support/mail.ts';
import { sandboxDialog } from '../support/orders.ts';

/** The shop's one date format on India's clock, "01 Dec 2026" (docs/decisions/056-one-date-format.md). */
function walletDay(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

const balance = (page: Page) => page.getByTestId('wallet-balance');
const transactions = (page: Page) => page.getByRole('list', { name: 'Recent transactions' }).getByRole('listitem');

async function topUp(page: Page, amount: string) {
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(sandboxDialog(page)).toBeVisible();
  await expect(sandboxDialog(page)).toContainText(`Amount: ₹${amount}.00`);
}

test('a shopper adds money through the sandbox; a failed payment credits nothing', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The sandbox answers a failed payment with 402.
  consoleErrors.allowFailedRequests(402);
  const account = newAccount('Isha');
  await registerViaApi(request, account);
  await signIn(page, account.email, account.password, account.name);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
  await expect(balance(page)).toHaveText('₹0.00');
  await expect(page.getByText('No transactions yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Money' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(WALLET_MSG.invalidAmountTitle)).toBeVisible();
  await expect(page.getByText(WALLET_MSG.enterValidAmount)).toBeVisible();
  await expect(sandboxDialog(page)).toHaveCount(0);

  await topUp(page, '500');
  await sandboxDialog(page).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(sandboxDialog(page)).toBeHidden();
  await expect(page.getByText('Money added to your wallet')).toBeVisible();
  await expect(balance(page)).toHaveText('₹500.00');
  await expect(transactions(page)).toHaveCount(1);
  const recharge = transactions(page).first();
  await expect(recharge.getByText('Credited', { exact: true })).toBeVisible();
  await expect(recharge).toContainText('+₹500.00');
  await expect(recharge.getByText(WALLET_MSG.walletRecharge, { exact: true })).toBeVisible();
  await expect(recharge.getByText(walletDay(new Date()), { exact: true })).toBeVisible();

  // A second top-up whose payment fails in the provider's dialog.
  await page.getByRole('button', { name: 'Add Money' }).click();
  await topUp(page, '300');
  await sandboxDialog(page).getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(sandboxDialog(page)).toBeHidden();
  await expect(page.getByText(WALLET_MSG.paymentError)).toBeVisible();
  await page.reload();
  await expect(balance(page)).toHaveText('₹500.00');
  await expect(transactions(page)).toHaveCount(1);
});

test('a friend who registers with a referral code earns the referrer a ₹150 bonus', async ({
  page,
  request,
  browser,
}) => {
  const referrer = newAccount('Ravi');
  const { userId } = await registerViaApi(request, referrer);
  await signIn(page, referrer.email, referrer.password, referrer.name);

  await navbarName(page, referrer.name).click();
  await expect(page).toHaveURL('/account');
  await page.getByRole('link', { name: 'Referrals' }).click();
  await expect(page).toHaveURL(`/account/referrals/${userId}`);
  await expect(page.getByTestId('amount-earned')).toHaveText('₹0.00');
  await page.getByRole('button', { name: 'Get Referral Code' }).click();
  const codeText = page.getByTestId('referral-code');
  await expect(codeText).toHaveText(/^[A-Z0-9]{8}$/);
  const code = (await codeText.textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Get Referral Code' })).toHaveCount(0);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy referral code' }).click();
  await expect(page.getByText(REFERRAL_MSG.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // The friend registers in a browser of their own through the shared link.
  const friend = newAccount('Meena');
  const context = await browser.newContext();
  const friendPage = await context.newPage();
  const friendErrors: string[] = [];
  friendPage.on('pageerror', (e) => friendErrors.push(e.message));
  friendPage.on('console', (m) => {
    if (m.type() === 'error') friendErrors.push(m.text());
  });
  await friendPage.goto(`/register?ref=${code}`);
  await expect(friendPage.getByLabel('Referral code (optional)')).toHaveValue(code);
  await friendPage.getByLabel('Name', { exact: true }).fill(friend.name);
  await friendPage.getByLabel('Email').fill(friend.email);
  await friendPage.getByLabel('Phone').fill(friend.phone);
  await friendPage.getByLabel('Password', { exact: true }).fill(friend.password);
  await friendPage.getByLabel('Confirm Password', { exact: true }).fill(friend.password);
  await friendPage.getByRole('checkbox', { name: /I accept the Terms of Use/ }).check();
  const since = Date.now();
  await friendPage.getByRole('button', { name: 'Register' }).click();
  await expect(friendPage).toHaveURL(`/verify-otp?email=${encodeURIComponent(friend.email)}`);
  await enterCode(friendPage, await waitForCode(friend.email, since));
  await friendPage.getByRole('button', { name: 'Verify' }).click();
  await expect(friendPage.getByText('User successfully registered')).toBeVisible();
  await expect(navbarName(friendPage, friend.name)).toBeVisible();
  await context.close();
  expect(friendErrors, 'errors in the friend’s browser console').toEqual([]);

  await page.reload();
  await expect(page.getByTestId('amount-earned')).toHaveText('₹150.00');
  await expect(page.getByTestId('referral-code')).toHaveText(code);
  const referred = page.getByRole('list', { name: 'Referred users' }).getByRole('listitem');
  await expect(referred).toHaveCount(1);
  await expect(referred.first()).toContainText(friend.name);
  await expect(referred.first()).toContainText(friend.email);
  await expect(page.getByText(REFERRAL_MSG.loadFailed)).toHaveCount(0);

  await page.goto('/wallet');
  await expect(balance(page)).toHaveText('₹150.00');
  await expect(transactions(page)).toHaveCount(1);
  const bonus = transactions(page).first();
  await expect(bonus.getByText('Credited', { exact: true })).toBeVisible();
  await expect(bonus).toContainText('+₹150.00');
  await expect(bonus.getByText(WALLET_MSG.referralBonus, { exact: true })).toBeVisible();
});
