import { MSG } from '@bagshop/shared/messages';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { addToCartViaApi, newShopper, openAsShopper, type Shopper } from '../support/orders.ts';

/** GSTN's published example GSTIN, registered in Maharashtra (27). */
const GSTIN = '27AAPFU0939F1ZV';

/** Puts a demo bag that is in stock in the shopper's cart, so the checkout opens. */
async function fillCart(request: APIRequestContext, shopper: Shopper) {
  const { all } = (await (await request.get('/api/products/new')).json()) as {
    all: { _id: string; quantity: number }[];
  };
  const bag = all.find((product) => product.quantity > 0);
  expect(bag, 'a demo bag in stock').toBeTruthy();
  await addToCartViaApi(request, shopper.token, bag?._id ?? '');
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test(`a business buyer adds an address with a GSTIN at the checkout (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const shopper = await newShopper(request, 'Rohan');
    await fillCart(request, shopper);
    await openAsShopper(page, request, shopper, '/checkout');
    await page.getByRole('link', { name: '+ Add Address' }).click();
    await expect(page).toHaveURL('/account/add-address');

    await page.getByLabel('Name', { exact: true }).fill('Rohan Desai');
    await page.getByLabel('House Name', { exact: true }).fill('Sea Breeze, Flat 12');
    await page.getByLabel('Town', { exact: true }).fill('Mumbai');
    await page.getByLabel('Street', { exact: true }).fill('Carter Road');
    await page.getByLabel('Zipcode', { exact: true }).fill('400050');
    await page.getByLabel('State', { exact: true }).selectOption('Maharashtra');
    await page.getByLabel('Phone', { exact: true }).fill('9876543210');
    const gstin = page.getByLabel('GSTIN (optional, for business purchases)');
    await expect(gstin).toHaveAccessibleDescription(/Add your GSTIN to get a B2B tax invoice/);
    // A typo in the last character: the form says so under the field, and saves nothing.
    await gstin.fill(`${GSTIN.slice(0, 14)}W`);
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText(MSG.gstinCheckCharacter)).toBeVisible();
    await expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await expect(gstin).toHaveAccessibleDescription(new RegExp(`^${MSG.gstinCheckCharacter}`));
    await expect(page).toHaveURL('/account/add-address');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Typed as people do, in small letters: saved in capitals, and back to the checkout.
    await gstin.fill(GSTIN.toLowerCase());
    await page.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText(MSG.addressAdded)).toBeVisible();
    await expect(page).toHaveURL('/checkout');
    const card = page.getByRole('radio', { name: /^Address 2: Rohan Desai/ });
    await expect(card).toHaveAccessibleName(new RegExp(`GSTIN ${GSTIN}`));
    await expect(page.getByText(`GSTIN ${GSTIN}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
