import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { formatINR, toPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import type { Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  buyFromDetails,
  myOrdersViaApi,
  newBag,
  newShopper,
  orderViaApi,
  paymentCard,
  productStockViaApi,
  sandboxDialog,
  termValue,
} from '../support/orders.ts';

const PRICE = 1200;
const STOCK = 5;
// One bag of ₹1,200: 5 % tax, free shipping above ₹700.
const FINAL = cartSummary([{ pricePaise: toPaise(PRICE), discountPaise: ZERO_PAISE, qty: 1 }]).final;

/** The order id the result pages carry in their address. */
function orderIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('id') ?? '';
}

async function expectOrderPlacedPage(page: Page) {
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: ORDER_SCREEN_MSG.thankYou })).toBeVisible();
  await expect(page.getByText(ORDER_SCREEN_MSG.placedSuccessfully, { exact: true })).toBeVisible();
  await expect(page.getByText(ORDER_SCREEN_MSG.notifyShipped, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop-products');
}

test('a shopper pays for a bag at the checkout and sees the order paid', async ({ page, request }) => {
  expect(FINAL).toBe(126_000);
  const name = `Trail Tote ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: PRICE, quantity: STOCK });
  const shopper = await newShopper(request, 'Anand');
  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);

  await buyFromDetails(page, bag, shopper);
  await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText(name);
  await expect(page.getByRole('radio', { name: 'Razorpay' })).toBeChecked();
  await expect(page.getByText(`You pay ${formatINR(FINAL)} by Razorpay`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  const dialog = sandboxDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Amount: ${formatINR(FINAL)}`);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(ORDER_MSG.paymentSuccessful)).toBeVisible();
  await expectOrderPlacedPage(page);
  const orderId = orderIdOf(page);

  await page.getByRole('link', { name: 'Order Details' }).click();
  await expect(page).toHaveURL(`/order-details/${orderId}`);
  const order = await orderViaApi(request, shopper.token, orderId);
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}`, level: 1 })).toBeVisible();
  await expect(termValue(paymentCard(page), 'Method')).toHaveText('Razorpay');
  await expect(termValue(paymentCard(page), 'Status')).toHaveText('Paid');
  await expect(termValue(paymentCard(page), 'Status').locator('.badge')).toHaveClass(/bg-success/);
  await expect(termValue(paymentCard(page), 'Total')).toHaveText(formatINR(FINAL));
  const items = page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(name);
  await expect(items.getByText('Pending', { exact: true })).toBeVisible();

  expect(order.paymentStatus).toBe('Paid');
  expect(toPaise(order.finalAmount)).toBe(FINAL);
  expect(await productStockViaApi(request, bag._id)).toBe(STOCK - 1);
});

test('a failed payment leaves the order pending until Retry Payment pays it, once', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The sandbox answers a failed payment with 402, which the browser logs.
  consoleErrors.allowFailedRequests(402);
  const name = `Canyon Duffel ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: PRICE, quantity: STOCK });
  const shopper = await newShopper(request, 'Divya');
  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);

  await buyFromDetails(page, bag, shopper);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await sandboxDialog(page).getByRole('button', { name: 'Fail', exact: true }).click();

  await expect(page).toHaveURL(/\/order-failure\?id=[0-9a-f-]{36}$/);
  const orderId = orderIdOf(page);
  await expect(page.getByRole('heading', { name: ORDER_SCREEN_MSG.paymentFailed })).toBeVisible();
  await expect(page.getByText(ORDER_SCREEN_MSG.paymentFailedPending)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Details' })).toHaveAttribute(
    'href',
    `/pending/order-details/${orderId}`,
  );
  const pending = await orderViaApi(request, shopper.token, orderId);
  expect(pending.paymentStatus).toBe('Pending');
  expect(pending.canRetryPayment).toBe(true);

  // The pending order's own page says so too, then back to the failure page to retry.
  await page.getByRole('link', { name: 'Order Details' }).click();
  await expect(page).toHaveURL(`/pending/order-details/${orderId}`);
  await expect(page.getByText(pending.orderId)).toBeVisible();
  await expect(termValue(paymentCard(page), 'Status')).toHaveText('Pending');
  await expect(termValue(paymentCard(page), 'Status').locator('.badge')).toHaveClass(/bg-warning/);
  await page.goBack();
  await expect(page).toHaveURL(`/order-failure?id=${orderId}`);

  await page.getByRole('button', { name: 'Retry Payment' }).click();
  const dialog = sandboxDialog(page);
  await expect(dialog).toContainText(`Amount: ${formatINR(FINAL)}`);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(ORDER_MSG.paymentSuccessful)).toBeVisible();
  await expectOrderPlacedPage(page);
  expect(orderIdOf(page)).toBe(orderId);

  // One order, paid once; its stock was taken once.
  const orders = await myOrdersViaApi(request, shopper.token);
  expect(orders.map((o) => [o._id, o.paymentStatus])).toEqual([[orderId, 'Paid']]);
  expect(orders[0]?.canRetryPayment).toBe(false);
  expect(await productStockViaApi(request, bag._id)).toBe(STOCK - 1);

  await page.goto(`/pending/order-details/${orderId}`);
  await expect(termValue(paymentCard(page), 'Status')).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Retry Payment' })).toHaveCount(0);
});
