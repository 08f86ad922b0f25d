import { navbarName } from '../support/accounts.ts';
import { GOOGLE_USER } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test('Sign in with Google comes back through the callback signed in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  // The test issuer answers the authorization request at once and sends the browser back with a code.
  await page.waitForURL(/\/auth\/google\/callback\?/);
  await expect(page).toHaveURL('/');
  await expect(navbarName(page, GOOGLE_USER.name)).toBeVisible();

  await navbarName(page, GOOGLE_USER.name).click();
  await expect(page).toHaveURL('/account');
});
