import { SHOPPER, shopNavbar, signIn, signInAdmin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';

const STORE_LINKS = ['Home', 'Shop', 'About', 'Contact'];
const ADMIN_ENTRIES = [
  'Dashboard',
  'Products',
  'Category',
  'Orders',
  'Coupons',
  'Offers',
  'Wallets',
  'User',
  'Sales Report',
  'Audit Log',
];

test('unknown paths show the 404 screen with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
});

test('guarded screens send visitors to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('admin screens show the admin menu instead of the shop navbar', async ({ page }) => {
  await signInAdmin(page);
  await expect(shopNavbar(page)).toHaveCount(0);
  for (const name of STORE_LINKS) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  const menu = page.getByRole('complementary', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  for (const name of ADMIN_ENTRIES) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

  await menu.getByRole('link', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL('/admin/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(shopNavbar(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
});

test('on a phone the admin menu is a drawer opened by a button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAdmin(page);
  await expect(page.getByRole('complementary', { name: 'Admin menu' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'User', exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Bag Shop Admin' });
  await expect(drawer).toBeVisible();
  for (const name of ADMIN_ENTRIES) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();

  await drawer.getByRole('link', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL('/admin/user');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('a shopper opening an admin screen sees the 404 screen', async ({ page }) => {
  await signIn(page, SHOPPER.email, SHOPPER.password, SHOPPER.name);
  await page.goto('/admin/user');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Admin menu' })).toHaveCount(0);
});

test('About and Contact open for a visitor, who is not sent to sign in', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL('/about');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page).toHaveURL('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
});

test('the contact form sends a message to the shop', async ({ page }) => {
  await signIn(page, SHOPPER.email, SHOPPER.password, SHOPPER.name);
  await shopNavbar(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();

  // A signed-in shopper writes as themselves.
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByLabel('Name')).toHaveValue(SHOPPER.name);
  await expect(form.getByLabel('Email')).toHaveValue(SHOPPER.email);

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please fill out all fields.')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill out all fields.' })).toBeVisible();

  const question = `Does the Kochi leather tote come in a darker brown? (${Date.now()})`;
  await form.getByLabel('Message').fill(question);
  const since = Date.now();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');

  // The message reaches the shop's own mailbox.
  const mail = await waitForMail('hello@bagshop.in', since);
  expect(mail.subject).toBe('New message from the Bag Shop contact form');
  expect(mail.text).toContain(question);
});
