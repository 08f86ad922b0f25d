import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { type APIRequestContext, type Browser, request as playwrightRequest } from '@playwright/test';
import { signIn, signInAdmin } from '../support/accounts.ts';
import { createCategoryViaApi, createProductViaApi, uniqueLetters } from '../support/catalogue.ts';
import { E2E_TMP } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { addToCartViaApi, chooseAddress, newShopper } from '../support/orders.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RIBBON = SHOP_SETTINGS_MSG.testModeRibbon;

test.describe('the shop of this run (demo data, no Razorpay keys)', () => {
  test('shows the test mode ribbon on the storefront and in the admin area', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('note')).toHaveText(RIBBON);
    await expect(page.getByText(RIBBON)).toBeVisible();
    await signInAdmin(page);
    await expect(page.getByText(RIBBON)).toBeVisible();
    await page.getByRole('link', { name: 'Orders' }).first().click();
    await expect(page).toHaveURL('/admin/orders');
    await expect(page.getByText(RIBBON)).toBeVisible();
  });

  test('serves the API documentation under its content security policy', async ({ page }) => {
    const answer = await page.goto('/api/docs');
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The document describes every operation's answers, so the viewer takes a while to build it on a busy machine.
    await expect(page.getByRole('heading', { name: /Bag Shop API/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('/api/shop/settings').first()).toBeVisible();
  });
});

interface PlainShop {
  url: string;
  dataDir: string;
  process: ChildProcess;
  log: string[];
}

/** `npm start` of a real shop: no demo data, no Razorpay keys, no PAYMENT_PROVIDER; an owner as administrator. */
async function startPlainShop(owner: { email: string; password: string }): Promise<PlainShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-e2e-plain-'));
  // PostgreSQL runs as its own user when the tests run as root; it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PAYMENT_PROVIDER', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'PUBLIC_URL']) {
    delete env[name];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(E2E_TMP, 'web'),
      SMTP_URL: process.env.E2E_SMTP_URL,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      LOG_LEVEL: 'warn',
    },
  });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log.push(chunk.toString());
      const open = /Bag Shop is open at (http:\/\/\S+)/.exec(log.join(''));
      if (open) resolve(open[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`The second shop exited with ${code}:\n${log.join('')}`)));
  });
  return { url, dataDir, process: child, log };
}

async function stopPlainShop(shop: PlainShop) {
  if (shop.process.exitCode === null) {
    const exited = new Promise((resolve) => shop.process.once('exit', resolve));
    shop.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

test.describe('a shop without card payments', () => {
  test.describe.configure({ timeout: 180_000 });
  const owner = { email: `owner.${uniqueLetters(6)}@bags.example.in`, password: 'Owner@2468' };
  let shop: PlainShop;
  let api: APIRequestContext;
  let ownerToken: string;

  test.beforeAll(async () => {
    shop = await startPlainShop(owner);
    api = await playwrightRequest.newContext({ baseURL: shop.url });
    const login = await api.post('/api/user/login', { data: owner });
    expect(login.status(), await login.text()).toBe(200);
    ownerToken = ((await login.json()) as { token: string }).token;
  });

  test.afterAll(async () => {
    await api?.dispose();
    if (shop) await stopPlainShop(shop);
  });

  async function pageOf(browser: Browser, watch: (page: import('@playwright/test').Page) => void) {
    const context = await browser.newContext({ baseURL: shop.url });
    const page = await context.newPage();
    watch(page);
    return { context, page };
  }

  test('says at start that card payments are off', () => {
    const printed = shop.log.join('');
    expect(printed).toContain('Card payments are off until RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set');
    expect(printed).toContain('Mode: production');
    expect(printed).not.toContain('Demo sign-ins');
  });

  test('the checkout has no card option and no ribbon; cash on delivery still works', async ({
    browser,
    consoleErrors,
  }) => {
    const category = await createCategoryViaApi(api, ownerToken, `Plain ${uniqueLetters(8)}`);
    const bag = await createProductViaApi(api, ownerToken, {
      name: `Plain Tote ${uniqueLetters(6)}`,
      categoryId: category._id,
      price: 500,
      quantity: 3,
      color: 'Black',
    });
    const shopper = await newShopper(api, 'Nila');
    await addToCartViaApi(api, shopper.token, bag._id);
    const { context, page } = await pageOf(browser, consoleErrors.watch);
    try {
      await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);
      await expect(page.getByText(RIBBON)).toHaveCount(0);
      await page.goto('/checkout');
      await chooseAddress(page, shopper);
      await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Wallet' })).toBeDisabled();
      await expect(page.getByRole('radio', { name: 'Razorpay' })).toHaveCount(0);
      await expect(page.getByText(SHOP_SETTINGS_MSG.cardPaymentsOff)).toBeVisible();
      await expect(page.getByText(RIBBON)).toHaveCount(0);

      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: ORDER_SCREEN_MSG.thankYou })).toBeVisible();

      await page.goto('/wallet');
      await expect(page.getByTestId('wallet-balance')).toHaveText('₹0.00');
      await expect(page.getByRole('heading', { name: 'Recent transactions' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Money' })).toHaveCount(0);
      await expect(page.getByText(RIBBON)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the admin area has no ribbon, and the API refuses card payments clearly', async ({
    browser,
    consoleErrors,
  }) => {
    const { context, page } = await pageOf(browser, consoleErrors.watch);
    try {
      await page.goto('/login');
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL('/admin/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
      await expect(page.getByText(RIBBON)).toHaveCount(0);
    } finally {
      await context.close();
    }
    const shopper = await newShopper(api, 'Ira');
    const topUp = await api.post('/api/wallet/create-order', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { amount: 500 },
    });
    expect(topUp.status()).toBe(409);
    expect(await topUp.json()).toEqual({ message: SHOP_SETTINGS_MSG.cardPaymentsOff, code: 'CARD_PAYMENTS_OFF' });
  });
});
