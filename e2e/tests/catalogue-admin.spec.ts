import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { Page } from '@playwright/test';
import { signInAdmin } from '../support/accounts.ts';
import { bagPhoto, dayName, daysFromToday, pickDate, uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';

function adminMenu(page: Page) {
  return page.getByRole('complementary', { name: 'Admin menu' });
}

test('an admin creates a category, an offer and a product with a cropped photo', async ({ page, request }) => {
  const suffix = uniqueLetters();
  const categoryName = `Trail ${suffix}`;
  const offerName = `Deal ${suffix}`;
  const productName = `Rover Tote ${suffix}`;
  await signInAdmin(page);

  // Category: name and no offer.
  await adminMenu(page).getByRole('link', { name: 'Category', exact: true }).click();
  await expect(page).toHaveURL('/admin/category');
  await page.getByRole('link', { name: 'Add Category' }).click();
  await expect(page).toHaveURL('/admin/category/add');
  // The form's chunk loads after the URL changes; the list's "Name" sort button is on screen until then.
  await page.getByRole('textbox', { name: 'Name' }).fill(categoryName);
  await expect(page.getByLabel('Offer')).toHaveValue('');
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(`${categoryName} Category created successfully`)).toBeVisible();
  await expect(page).toHaveURL('/admin/category');
  const categoryRow = page.getByRole('row').filter({ hasText: categoryName });
  await expect(categoryRow).toHaveCount(1);
  await expect(categoryRow.getByRole('cell').nth(1)).toHaveText('None');
  await expect(categoryRow.getByText('Active')).toBeVisible();

  // Offer: the expiry picker refuses any day before the one after the activation.
  await adminMenu(page).getByRole('link', { name: 'Offers', exact: true }).click();
  await expect(page).toHaveURL('/admin/offers');
  await page.getByRole('link', { name: 'Add Offer' }).click();
  await expect(page).toHaveURL('/admin/offers/add');
  await expect(page.getByRole('heading', { name: 'ADD OFFER' })).toBeVisible();
  await page.getByLabel('Offer name').fill(offerName);
  await page.getByLabel('Applicable to').selectOption({ label: 'Products' });
  await page.getByLabel('Description').fill('Twenty percent off new trail bags');
  const today = daysFromToday(0);
  await pickDate(page, 'Activation date', today);

  await page.getByLabel('Expiry date', { exact: true }).click();
  const sameDay = page.getByRole('gridcell', { name: new RegExp(`${dayName(today)}$`) });
  await expect(sameDay).toHaveAttribute('aria-disabled', 'true');
  await expect(sameDay).toHaveAccessibleName(`Not available ${dayName(today)}`);
  await sameDay.click({ force: true });
  await expect(page.getByLabel('Expiry date', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.getByLabel('Discount rate').fill('20');
  await page.getByLabel('Criteria amount').fill('100');
  // Without an expiry the form says so under the field and sends nothing.
  await page.getByRole('button', { name: 'Create Offer' }).click();
  await expect(page.getByText('Expiry date is required')).toBeVisible();
  await expect(page).toHaveURL('/admin/offers/add');

  // The server holds the same rule for anyone calling it directly.
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const refused = await request.post('/api/user/admin/offers/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: offerName,
      type: 'products',
      description: 'Backwards dates',
      activation: daysFromToday(3).toISOString(),
      expiry: daysFromToday(2).toISOString(),
      discount: 20,
      minAmount: 100,
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { fields?: Record<string, string> }).fields?.expiry).toBe(
    CATALOGUE_MSG.expiryAfterActivation,
  );

  const expiry = daysFromToday(5);
  await pickDate(page, 'Expiry date', expiry);
  await expect(page.getByText('Expiry date is required')).toBeHidden();
  await page.getByRole('button', { name: 'Create Offer' }).click();
  await expect(page.getByText(CATALOGUE_MSG.offerCreated)).toBeVisible();
  await expect(page).toHaveURL('/admin/offers');
  const offerRow = page.getByRole('row').filter({ hasText: offerName });
  await expect(offerRow).toHaveCount(1);
  await expect(offerRow).toContainText('Products');
  await expect(offerRow).toContainText('20%');
  await expect(offerRow).toContainText('₹100.00');
  await expect(offerRow.getByText('Active')).toBeVisible();

  // Product: every field, first without a photo, then with one cropped in the dialog.
  await adminMenu(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL('/admin/products');
  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/admin/products/add');
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Name').fill(productName);
  await form.getByLabel('Brand').fill('Wildcraft');
  await form.getByLabel('Description').fill('Water resistant canvas tote with a padded laptop sleeve.');
  await form.getByLabel('Price').fill('2000');
  await form.getByLabel('Quantity').fill('3');
  await form.getByLabel('Category').selectOption({ label: categoryName });
  await form.getByLabel('Offer').selectOption({ label: `${offerName} (20% off)` });
  await form.getByLabel('Color').selectOption('Violet');
  await form.getByLabel('Size').fill('30Lx12Bx40Hcm');

  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(CATALOGUE_MSG.imageUploadRequired)).toBeVisible();
  await expect(page.getByText(CATALOGUE_MSG.imageRequired)).toBeVisible();
  await expect(page).toHaveURL('/admin/products/add');

  await form
    .getByLabel('Images')
    .setInputFiles({ name: 'rover-tote.png', mimeType: 'image/png', buffer: await bagPhoto() });
  const cropper = page.getByRole('dialog', { name: 'Crop image' });
  await expect(cropper).toBeVisible();
  await cropper.getByRole('button', { name: 'Crop & Save' }).click();
  await expect(cropper).toBeHidden();
  await expect(form.getByRole('img', { name: 'Product view 1' })).toBeVisible();
  await expect(page.getByText(CATALOGUE_MSG.imageUploadRequired)).toBeHidden();
  // The toast that asked for a picture goes once one is added, rather than stay until it times out.
  await expect(page.getByText(CATALOGUE_MSG.imageRequired)).toBeHidden({ timeout: 1_500 });

  // The upload is held at the door until the progress bar has been seen, then let through.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/products/', async (route) => {
    if (route.request().method() === 'POST') await gate;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Add Product' }).click();
  // The bar itself is 0 px wide at 0 %, so it is attached (and named) rather than visible.
  const progress = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeAttached();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(progress).toHaveText(/^\d+%$/);
  await expect(form.getByRole('button', { name: 'Add Product' })).toBeDisabled();
  release();
  await expect(page.getByText(CATALOGUE_MSG.productAdded)).toBeVisible();
  await expect(page).toHaveURL('/admin/products');
  await page.unroute('**/api/products/');

  await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
  await expect(page).toHaveURL(/keyword=/);
  const productRow = page.getByRole('row').filter({ hasText: productName });
  await expect(productRow).toHaveCount(1);
  await expect(productRow).toContainText(categoryName);
  await expect(productRow).toContainText('Wildcraft · Violet · 30Lx12Bx40Hcm');
  await expect(productRow.getByRole('deletion')).toHaveText('₹2,000.00');
  await expect(productRow).toContainText('₹1,600.00');
  await expect(productRow).toContainText('20% off');
  await expect(productRow.getByRole('cell').nth(5)).toHaveText('3'); // after the tick box, picture, name, category and price
  // The thumbnail is decorative (empty alt); it is the saved webp and it loads.
  const thumb = productRow.locator('img');
  await expect(thumb).toHaveAttribute('src', /\.webp$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Phones: cards without headings, and one Sort by control whose choice lives in the URL.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/admin/category?keyword=${suffix}`);
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sortBy).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categories' }).getByText(categoryName)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toBeHidden();
  await sortBy.selectOption({ label: 'Name: Z to A' });
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name:desc');
  await expect(page.getByRole('list', { name: 'Categories' }).getByText(categoryName)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
