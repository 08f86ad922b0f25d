import { enterCode, fillLogin, navbarName, newAccount, registerViaApi, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCode } from '../support/mail.ts';

test('a forgotten password is replaced through the emailed code', async ({ page, request, consoleErrors }) => {
  consoleErrors.allowFailedRequests(401);
  const account = newAccount('Ravi');
  await registerViaApi(request, account);
  const newPassword = 'Fresh@Pass42';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  const since = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page).toHaveURL(`/verify-otp-password?email=${encodeURIComponent(account.email)}`);

  await enterCode(page, await waitForCode(account.email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP Verified Successfully!')).toBeVisible();
  await expect(page).toHaveURL(`/reset-password?email=${encodeURIComponent(account.email)}`);

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The old password no longer opens the account.
  await fillLogin(page, account.email, account.password);
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(navbarName(page, account.name)).toHaveCount(0);

  await signIn(page, account.email, newPassword, account.name);
});

test('the new password must be strong', async ({ page, request }) => {
  const account = newAccount('Lata');
  await registerViaApi(request, account);
  const since = Date.now();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await enterCode(page, await waitForCode(account.email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/reset-password\?/);

  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Password must be at least 8 characters, include an uppercase letter, a lowercase letter, a number, and a special character.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?/);
});
