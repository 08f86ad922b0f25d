import type { Color } from '@bagshop/shared/catalogue';
import type { ProductDto } from '@bagshop/shared/catalogue-types';
import type { OrderDto } from '@bagshop/shared/order-types';
import type { PaymentMethod } from '@bagshop/shared/orders';
import type { AddressDto } from '@bagshop/shared/types';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type NewAccount, newAccount, registerViaApi } from './accounts.ts';
import {
  adminSession,
  adminToken,
  createCategoryViaApi,
  createProductViaApi,
  type SignInPayload,
  uniqueLetters,
} from './catalogue.ts';
import { expect } from './fixtures.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Shopper {
  account: NewAccount;
  token: string;
  address: AddressDto;
}

export const HOME = {
  name: 'Kavya Pillai',
  houseName: 'Lotus House',
  street: 'Temple Road',
  town: 'Mysuru',
  zipcode: '570001',
  state: 'Karnataka',
  country: 'IN',
};

/** A verified shopper of their own with one delivery address, so their orders never mix with another test's. */
export async function newShopper(request: APIRequestContext, first: string): Promise<Shopper> {
  const account = newAccount(first);
  await registerViaApi(request, account);
  const login = await request.post('/api/user/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const added = await request.post('/api/user/account/add-address', {
    headers: bearer(token),
    data: { ...HOME, phone: account.phone },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { address } = (await added.json()) as { address: AddressDto };
  return { account, token, address };
}

/** Opens `path` signed in with `payload`, the session stored the way the login screen stores it. */
async function openWithSession(page: Page, payload: SignInPayload, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((session) => {
    localStorage.setItem('userInfo', JSON.stringify(session));
    localStorage.setItem('userToken', session.token);
    localStorage.setItem('refreshToken', session.refreshToken);
    localStorage.setItem('expirationTime', String(Date.now() + 86_400_000));
  }, payload);
  await page.goto(path);
}

/** Opens `path` as the signed-in administrator. */
export async function openAsAdmin(page: Page, request: APIRequestContext, path: string): Promise<void> {
  await openWithSession(page, await adminSession(request), path);
}

/** Opens `path` as the shopper, signed in through the API: quicker than the login screen, which has specs of its own. */
export async function openAsShopper(
  page: Page,
  request: APIRequestContext,
  shopper: Shopper,
  path: string,
): Promise<void> {
  const { email, password } = shopper.account;
  const login = await request.post('/api/user/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  await openWithSession(page, (await login.json()) as SignInPayload, path);
}

/** A bag of its own category with a known price and stock, so the totals of a test are its own. */
export async function newBag(
  request: APIRequestContext,
  bag: { name: string; price: number; quantity: number; color?: Color },
): Promise<ProductDto> {
  const { token } = await adminSession(request);
  const category = await createCategoryViaApi(request, token, `Ord ${uniqueLetters(8)}`);
  return createProductViaApi(request, token, {
    name: bag.name,
    categoryId: category._id,
    price: bag.price,
    quantity: bag.quantity,
    color: bag.color ?? 'Brown',
  });
}

export async function addToCartViaApi(request: APIRequestContext, token: string, productId: string, qty = 1) {
  const res = await request.post('/api/products/add-to-cart', { headers: bearer(token), data: { productId, qty } });
  expect(res.status(), await res.text()).toBe(201);
}

export async function placeOrderViaApi(
  request: APIRequestContext,
  shopper: Shopper,
  paymentMethod: PaymentMethod,
): Promise<OrderDto> {
  const res = await request.post('/api/orders', {
    headers: bearer(shopper.token),
    data: { addressId: shopper.address._id, paymentMethod },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: OrderDto }).order;
}

/** The shopper confirms a cash-on-delivery order (the order page's button); the shop ships none before that. */
export async function confirmCodViaApi(request: APIRequestContext, token: string, orderId: string): Promise<void> {
  const res = await request.post('/api/orders/confirm-cod', { headers: bearer(token), data: { orderId } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Books a parcel for the order's Pending items as the admin's Ship dialog does: the courier's own booking with
 * Shiprocket, or the courier and AWB of a counter receipt with the manual provider.
 */
export async function shipViaApi(request: APIRequestContext, orderId: string): Promise<void> {
  const headers = bearer(await adminToken(request));
  const settings = await request.get('/api/admin/shipping', { headers });
  expect(settings.status(), await settings.text()).toBe(200);
  const { provider } = (await settings.json()) as { provider: string };
  const byHand = provider === 'manual' ? { courier: 'India Post', awb: `EK${Date.now() % 1e9}IN` } : {};
  const res = await request.post('/api/admin/shipments', { headers, data: { orderId, ...byHand } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function orderViaApi(request: APIRequestContext, token: string, orderId: string): Promise<OrderDto> {
  const res = await request.get(`/api/orders/${orderId}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { order: OrderDto }).order;
}

export async function myOrdersViaApi(request: APIRequestContext, token: string): Promise<OrderDto[]> {
  const res = await request.get('/api/orders/mine', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { orders: OrderDto[] }).orders;
}

export interface WalletView {
  balance: number;
  transactions: { type: 'Credit' | 'Debit'; transactionType: string; amount: number; orderId: string | null }[];
}

export async function walletViaApi(request: APIRequestContext, token: string): Promise<WalletView> {
  const res = await request.get('/api/wallet/wallet', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as WalletView;
}

export async function productStockViaApi(request: APIRequestContext, productId: string): Promise<number> {
  const res = await request.get(`/api/products/${productId}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: ProductDto }).product.quantity;
}

/** The access token the signed-in browser keeps (docs/product.md §3 Client session). */
export async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  expect(token).toBeTruthy();
  return token ?? '';
}

/** The value beside a term of a description list (payment card, order facts), within `scope`. */
export function termValue(scope: Page | Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The card with the order's payment method, status and figures. */
export function paymentCard(page: Page): Locator {
  return page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Payment', exact: true }) });
}

/** The sandbox provider's checkout dialog that stands in for Razorpay's. */
export function sandboxDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Sandbox payment' });
}

/** From the product's page into the cart, then to the checkout with the saved address chosen. */
export async function buyFromDetails(page: Page, product: ProductDto, shopper: Shopper): Promise<void> {
  await page.goto(`/details/${product._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL('/checkout');
  await chooseAddress(page, shopper);
}

export async function chooseAddress(page: Page, shopper: Shopper): Promise<void> {
  const address = page.getByRole('radio', { name: new RegExp(`^Address 1: ${shopper.address.name}`) });
  await address.check();
  await expect(address).toBeChecked();
}
