import {
  enterCode,
  enterWrongCode,
  fillRegistration,
  navbarName,
  newAccount,
  registerViaApi,
  signIn,
  submitLogin,
} from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCode } from '../support/mail.ts';

test('a new shopper registers, verifies the emailed code, adds an address and signs in again', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allowFailedRequests(400);
  const account = newAccount('Asha');

  await fillRegistration(page, account);
  const since = Date.now();
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page).toHaveURL(`/verify-otp?email=${encodeURIComponent(account.email)}`);
  const code = await waitForCode(account.email, since);
  await enterWrongCode(page, code, /\/verify-otp\?/);

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('User successfully registered')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(navbarName(page, account.name)).toBeVisible();

  await navbarName(page, account.name).click();
  await expect(page).toHaveURL('/account');
  await page.getByRole('link', { name: '+ Add Address' }).click();
  await expect(page).toHaveURL('/account/add-address');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('House Name').fill('Rose Villa');
  await page.getByLabel('Town').fill('Kochi');
  await page.getByLabel('Street').fill('MG Road');
  await page.getByLabel('Zipcode').fill('682016');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByRole('button', { name: 'SAVE' }).click();

  await expect(page).toHaveURL('/account');
  const card = page.locator('.address-card').filter({ hasText: 'Address 1' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Rose Villa');
  await expect(card).toContainText('682016');
  await expect(card).toContainText('Kerala');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(navbarName(page, account.name)).toHaveCount(0);

  // Signing in again right where logout left the shopper lands on the home page (docs/product.md §4 Sign-in).
  await submitLogin(page, account.email, account.password);
  await expect(navbarName(page, account.name)).toBeVisible();
  await expect(page).toHaveURL('/');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px registration says the code was mailed, and 'registered' only once it is verified`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const account = newAccount('Kavya');
    await fillRegistration(page, account, false);

    // An empty Confirm Password is named as missing, under the field, and nothing is sent.
    await page.getByRole('button', { name: 'Register' }).click();
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toHaveCount(0);
    await expect(page).toHaveURL('/register');

    await confirm.fill(account.password);
    const since = Date.now();
    await page.getByRole('button', { name: 'Register' }).click();

    // First the code: a mail server took it, so the screen says it was mailed; nobody is registered yet.
    await expect(page).toHaveURL(`/verify-otp?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByText('OTP sent to your email!')).toBeVisible();
    await expect(page.getByText(/we sent to/)).toBeVisible();
    await expect(page.getByText(/registered/i)).toHaveCount(0);
    await expect(page.getByTestId('code-whereabouts')).toHaveCount(0);

    // Then the code is verified, and only now is the shopper registered.
    await enterCode(page, await waitForCode(account.email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('User successfully registered')).toBeVisible();
    await expect(page.getByText('OTP Verified Successfully!')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });
}

test('the address form explains a bad zipcode under the field', async ({ page, request }) => {
  const account = newAccount('Deepa');
  await registerViaApi(request, account);
  await signIn(page, account.email, account.password, account.name);

  await page.goto('/account/add-address');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('House Name').fill('Lake View');
  await page.getByLabel('Town').fill('Alappuzha');
  await page.getByLabel('Street').fill('Beach Road');
  await page.getByLabel('Zipcode').fill('06801');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByRole('button', { name: 'SAVE' }).click();

  await expect(page.getByText('Enter a valid PIN code')).toBeVisible();
  await expect(page.getByLabel('Zipcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/account/add-address');

  await page.getByLabel('Zipcode').fill('688001');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.locator('.address-card').filter({ hasText: 'Address 1' })).toContainText('688001');
});
