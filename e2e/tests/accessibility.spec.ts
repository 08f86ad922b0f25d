import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { adminSession, uniqueLetters } from '../support/catalogue.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { addToCartViaApi, bearer, newBag, newShopper, placeOrderViaApi, type Shopper } from '../support/orders.ts';

/** Ids the routes with a parameter need, from data made for this spec or present in the demo shop. */
interface Ids {
  product: string;
  order: string;
  address: string;
  shopper: string;
  category: string;
  coupon: string;
  offer: string;
  transaction: string;
}

type Role = 'visitor' | 'shopper' | 'admin';

/**
 * Every route of apps/web/src/app/router.tsx, as whom it is visited. Add a line here for a new page
 * (e.g. the policy pages) and it is checked like the rest.
 */
const ROUTES: { role: Role; path: (ids: Ids) => string }[] = [
  { role: 'visitor', path: () => '/' },
  { role: 'visitor', path: () => '/login' },
  { role: 'visitor', path: () => '/register' },
  { role: 'visitor', path: () => '/verify-otp' },
  { role: 'visitor', path: () => '/auth/google/callback' },
  { role: 'visitor', path: () => '/forgot-password' },
  { role: 'visitor', path: () => '/verify-otp-password' },
  { role: 'visitor', path: () => '/reset-password' },
  { role: 'visitor', path: () => '/shop-products' },
  { role: 'visitor', path: (ids) => `/details/${ids.product}` },
  { role: 'visitor', path: () => '/about' },
  { role: 'visitor', path: () => '/contact' },
  { role: 'visitor', path: () => '/policies/shipping' },
  { role: 'visitor', path: () => '/policies/cancellations-and-refunds' },
  { role: 'visitor', path: () => '/policies/privacy' },
  { role: 'visitor', path: () => '/policies/terms' },
  { role: 'visitor', path: () => '/track' },
  { role: 'visitor', path: () => '/no-such-page' },
  { role: 'shopper', path: () => '/account' },
  { role: 'shopper', path: () => '/account/edit' },
  { role: 'shopper', path: () => '/account/add-address' },
  { role: 'shopper', path: (ids) => `/account/edit-address/${ids.address}` },
  { role: 'shopper', path: () => '/change-password' },
  { role: 'shopper', path: () => '/verify-email' },
  { role: 'shopper', path: () => '/account/verify-email-change' },
  { role: 'shopper', path: (ids) => `/account/referrals/${ids.shopper}` },
  { role: 'shopper', path: () => '/wishlist' },
  { role: 'shopper', path: () => '/wallet' },
  { role: 'shopper', path: () => '/cart' },
  { role: 'shopper', path: () => '/checkout' },
  { role: 'shopper', path: () => '/mine' },
  { role: 'shopper', path: () => '/order-success' },
  { role: 'shopper', path: () => '/order-failure' },
  { role: 'shopper', path: (ids) => `/pending/order-details/${ids.order}` },
  { role: 'shopper', path: (ids) => `/order-details/${ids.order}` },
  { role: 'admin', path: () => '/admin/dashboard' },
  { role: 'admin', path: () => '/admin/sales-report' },
  { role: 'admin', path: () => '/admin/gst' },
  { role: 'admin', path: () => '/admin/user' },
  { role: 'admin', path: () => '/admin/messages' },
  { role: 'admin', path: () => '/admin/audit' },
  { role: 'admin', path: () => '/admin/category' },
  { role: 'admin', path: () => '/admin/category/add' },
  { role: 'admin', path: (ids) => `/admin/category/edit/${ids.category}` },
  { role: 'admin', path: () => '/admin/products' },
  { role: 'admin', path: () => '/admin/products/add' },
  { role: 'admin', path: (ids) => `/admin/products/edit/${ids.product}` },
  { role: 'admin', path: () => '/admin/orders' },
  { role: 'admin', path: (ids) => `/admin/orders/edit/${ids.order}` },
  { role: 'admin', path: () => '/admin/coupons' },
  { role: 'admin', path: () => '/admin/coupons/add' },
  { role: 'admin', path: (ids) => `/admin/coupons/edit/${ids.coupon}` },
  { role: 'admin', path: () => '/admin/offers' },
  { role: 'admin', path: () => '/admin/offers/add' },
  { role: 'admin', path: (ids) => `/admin/offers/edit/${ids.offer}` },
  { role: 'admin', path: () => '/admin/wallets' },
  { role: 'admin', path: (ids) => `/admin/wallets/edit/${ids.transaction}` },
];

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The first row of an admin list, or an unknown id (the screen then shows its not-found state, checked too). */
async function firstId(request: APIRequestContext, token: string, url: string, key: string, idKey = '_id') {
  const res = await request.get(url, { headers: bearer(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  const rows = ((await res.json()) as Record<string, Record<string, string>[]>)[key] ?? [];
  return rows[0]?.[idKey] ?? UNKNOWN;
}

async function signedInAs(page: Page, session: unknown) {
  await page.goto('/login');
  await page.evaluate((stored) => {
    const s = stored as { token: string; refreshToken: string };
    localStorage.setItem('userInfo', JSON.stringify(s));
    localStorage.setItem('userToken', s.token);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('expirationTime', String(Date.now() + 86_400_000));
  }, session);
}

/** The page has drawn its content: a heading is shown and no loading indicator is left. */
async function settled(page: Page) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.spinner-border:visible')).toHaveCount(0);
}

test('no page of the shop or the administrator area has a serious or critical accessibility fault', async ({
  browser,
  request,
}) => {
  test.setTimeout(540_000);
  const admin = await adminSession(request);
  const shopper: Shopper = await newShopper(request, 'Axe');
  const bag = await newBag(request, { name: `Axe ${uniqueLetters(6)}`, price: 499, quantity: 5 });
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  const shopperLogin = await request.post('/api/user/login', {
    data: { email: shopper.account.email, password: shopper.account.password },
  });
  const shopperSession = await shopperLogin.json();
  const ids: Ids = {
    product: bag._id,
    order: order._id,
    address: shopper.address._id,
    shopper: shopperSession.user._id,
    category: bag.category._id,
    coupon: await firstId(request, admin.token, '/api/user/admin/coupons', 'coupons'),
    offer: await firstId(request, admin.token, '/api/user/admin/offers', 'offers'),
    transaction: await firstId(request, admin.token, '/api/wallet/admin/wallets', 'transactions', 'transactionId'),
  };

  // One browser context per role, the three at once: axe's analysis is most of the time and each runs apart.
  const found = await Promise.all(
    (['visitor', 'shopper', 'admin'] as const).map(async (role) => {
      const context = await browser.newContext({ baseURL: E2E_BASE_URL });
      const page = await context.newPage();
      if (role !== 'visitor') await signedInAs(page, role === 'admin' ? admin : shopperSession);
      const faults: string[] = [];
      for (const route of ROUTES.filter((r) => r.role === role)) {
        const path = route.path(ids);
        await page.goto(path);
        await settled(page);
        faults.push(...(await seriousViolations(page, path)));
      }
      await context.close();
      return faults;
    }),
  );
  expect(found.flat()).toEqual([]);
});
