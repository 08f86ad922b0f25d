import {
  enterCode,
  enterWrongCode,
  fillLogin,
  navbarName,
  newAccount,
  registerViaApi,
  signIn,
  submitLogin,
} from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCode, waitForMail } from '../support/mail.ts';

test('a shopper changes the email through the screens; it takes effect with the code sent to the new address', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allowFailedRequests(400, 401);
  const account = newAccount('Nisha');
  await registerViaApi(request, account);
  const newEmail = account.email.replace('nisha+', 'nisha.new+');
  await signIn(page, account.email, account.password, account.name);

  await navbarName(page, account.name).click();
  await expect(page).toHaveURL('/account');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL('/account/edit');
  await page.getByLabel('Email').fill(newEmail);
  // A new email needs the current password: a wrong one is refused under the field, nothing is sent.
  await page.getByLabel('Current password').fill('Wrong@2468');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#profile-current-password-error')).toHaveText('Current password is incorrect');
  await expect(page).toHaveURL('/account/edit');
  await page.getByLabel('Current password').fill(account.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('We sent a verification code to your new email.')).toBeVisible();
  await expect(page).toHaveURL('/account/verify-email-change');
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  const code = await waitForCode(newEmail, since);
  await enterWrongCode(page, code, '/account/verify-email-change');

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your email has been changed')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(page.locator('.account-details')).toContainText(newEmail);

  // The old address is told, and names the new one.
  const notice = await waitForMail(account.email, since);
  expect(notice.subject).toBe('Your Bag Shop email was changed');
  expect(notice.text).toContain(newEmail);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await fillLogin(page, account.email, account.password);
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
  await submitLogin(page, newEmail, account.password);
  await expect(navbarName(page, account.name)).toBeVisible();
});
