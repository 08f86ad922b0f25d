import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_TMP } from './env.ts';
import { expect } from './fixtures.ts';
import { waitForCode } from './mail.ts';

/** The file where the shop's first start wrote the random passwords it gave the demo accounts. */
export function demoSignInsFile(dataDir = path.join(E2E_TMP, 'data')): string {
  return path.join(dataDir, 'demo-sign-ins.txt');
}

/** The demo account's password, read from the shop's DATA_DIR/demo-sign-ins.txt when a test needs it. */
function demoPassword(role: 'administrator' | 'shopper'): string {
  const file = demoSignInsFile();
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${role} `));
  const password = line?.trim().split(/\s+/)[2];
  if (!password) throw new Error(`${file} names no ${role}`);
  return password;
}

export const ADMIN = {
  email: 'admin@bagshop.example',
  get password() {
    return demoPassword('administrator');
  },
  name: 'Admin',
};
export const SHOPPER = {
  email: 'shopper@bagshop.example',
  get password() {
    return demoPassword('shopper');
  },
  name: 'Asha Menon',
};

export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  password: string;
}

let counter = 0;

/** A shopper nobody has registered yet in this run: the email is unique per call. */
export function newAccount(first: string, password = 'Secret@123'): NewAccount {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    name: `${first} Nair`,
    email: `${first.toLowerCase()}+${stamp}@bagshop.example`,
    phone: `9${stamp.slice(-9)}`,
    password,
  };
}

let shoppersAddressed = 0;

/**
 * Each shopper the suite registers through the API comes from an address of their own, as real shoppers do: the
 * shop limits registrations to 30 an hour from one address (apps/api/src/platform/rate-limits.ts), and the suite
 * registers more than that in a run. The shop under test trusts its loopback proxy (TRUST_PROXY=loopback in
 * global-setup.ts), so it reads the address from X-Forwarded-For; the limit itself is tested in the API's
 * rate-limits.test.ts. Addresses from TEST-NET-2 (RFC 5737), never a real one.
 */
function ownAddress() {
  shoppersAddressed += 1;
  return { 'x-forwarded-for': `198.51.100.${(shoppersAddressed % 250) + 1}` };
}

/** Registers and verifies an account through the API, reading the code from the shop's real mail. */
export async function registerViaApi(request: APIRequestContext, account: NewAccount): Promise<{ userId: string }> {
  const since = Date.now();
  const headers = ownAddress();
  const registered = await request.post('/api/user/register', {
    headers,
    data: { ...account, confirmPassword: account.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await waitForCode(account.email, since);
  const verified = await request.post('/api/user/verify-otp', { headers, data: { email: account.email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  const body = (await verified.json()) as { user: { _id: string } };
  return { userId: body.user._id };
}

/** Opens the registration form and fills it for `account`, terms ticked; Confirm Password only when `confirm`. */
export async function fillRegistration(page: Page, account: NewAccount, confirm = true): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (confirm) await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Use/ }).check();
}

/** Opens the login screen and signs in (no waiting for where it lands). */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** Fills and sends the login form already on screen. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in a shopper through the login screen and waits until the navbar greets them. */
export async function signIn(page: Page, email: string, password: string, name: string): Promise<void> {
  await fillLogin(page, email, password);
  await expect(page).toHaveURL('/');
  await expect(navbarName(page, name)).toBeVisible();
}

/** Signs the administrator in; they land on the dashboard. */
export async function signInAdmin(page: Page): Promise<void> {
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL('/admin/dashboard');
}

/** The shop's navigation bar at the top (the footer has its own, smaller navigation). */
export function shopNavbar(page: Page) {
  return page.getByRole('navigation').and(page.locator('.navbar'));
}

/** The navbar link with the signed-in shopper's name (it leads to /account). */
export function navbarName(page: Page, name: string) {
  return shopNavbar(page).getByRole('link', { name, exact: true });
}

/** Types a 6-digit code into the first of the six boxes; the boxes spread it. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  for (let i = 0; i < 6; i += 1) {
    await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(code[i] ?? '');
  }
}

/** Enters the emailed code with its last digit changed, and checks it is refused while the screen stays at `stayAt`. */
export async function enterWrongCode(page: Page, code: string, stayAt: string | RegExp): Promise<void> {
  const wrong = code.replace(/.$/, (d) => String((Number(d) + 1) % 10));
  await enterCode(page, wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(stayAt);
}
