import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { formatINR, toPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { signIn } from '../support/accounts.ts';
import { daysFromToday, pickDate, uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  buyFromDetails,
  newBag,
  newShopper,
  openAsAdmin,
  orderViaApi,
  paymentCard,
  sandboxDialog,
  termValue,
} from '../support/orders.ts';

// One bag of ₹2,000 and a 10 % coupon capped at ₹500: ₹200 off, and the tax on what is left (docs/decisions/042).
const BAG_LINE = { pricePaise: toPaise(2000), discountPaise: ZERO_PAISE, qty: 1 };
const SUMMARY = cartSummary([BAG_LINE], { discount: 10, maxAmountPaise: toPaise(500) });
const WITHOUT_COUPON = cartSummary([BAG_LINE]);

test('a coupon made by the admin takes 10 % off one order and is refused the second time', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Applying a used coupon is answered with a 4xx, which the browser logs.
  consoleErrors.allowFailedRequests(400);
  expect(SUMMARY.couponDiscount).toBe(20_000);
  const couponName = `Fest${uniqueLetters(8)}`;

  // The admin creates the coupon through the form.
  await openAsAdmin(page, request, '/admin/coupons/add');
  const form = page.getByRole('form', { name: 'Coupon' });
  await form.getByLabel('Coupon name').fill(couponName);
  await form.getByLabel('Description').fill('Ten percent off for the festival');
  await pickDate(page, 'Activation date', daysFromToday(0));
  await pickDate(page, 'Expiry date', daysFromToday(7));
  await form.getByLabel('Discount rate').fill('10');
  await form.getByLabel('Status').selectOption({ label: 'Active' });
  await form.getByLabel('Min amount').fill('100');
  await form.getByLabel('Max discount amount').fill('500');
  await form.getByLabel('Usage limit').fill('5');
  await form.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(page.getByText(COUPON_MSG.created)).toBeVisible();
  await expect(page).toHaveURL('/admin/coupons');

  await page.getByLabel('Search coupons').fill(couponName);
  const row = page.getByRole('row').filter({ hasText: couponName });
  await expect(row).toHaveCount(1);
  const code = ((await row.locator('code').textContent()) ?? '').trim();
  // The name, as the admin typed it, is the code shoppers enter (in any case).
  expect(code).toBe(couponName);
  await expect(row).toContainText('10%');

  // A fresh shopper buys a bag of their own with the coupon.
  const name = `Coupon Tote ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 2000, quantity: 5 });
  const shopper = await newShopper(request, 'Meera');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);
  await buyFromDetails(page, bag, shopper);

  const summary = page.locator('.cart-summary');
  await expect(termValue(summary, 'Coupon discount')).toHaveCount(0);
  await summary.getByRole('button', { name: `Apply coupon ${code}`, exact: true }).click();
  await expect(page.getByText(COUPON_MSG.applied)).toBeVisible();
  await expect(summary.getByRole('button', { name: `Remove coupon ${code}`, exact: true })).toBeVisible();
  await expect(termValue(summary, 'Coupon discount')).toHaveText(`− ${formatINR(SUMMARY.couponDiscount)}`);
  await expect(termValue(summary, 'Final total')).toHaveText(formatINR(SUMMARY.final));
  await expect(page.getByText(`You pay ${formatINR(SUMMARY.final)} by Razorpay`)).toBeVisible();

  await expect(page.getByRole('radio', { name: 'Razorpay' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = sandboxDialog(page);
  await expect(dialog).toContainText(`Amount: ${formatINR(SUMMARY.final)}`);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(ORDER_MSG.paymentSuccessful)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('id') ?? '';

  await page.getByRole('link', { name: 'Order Details' }).click();
  await expect(page).toHaveURL(`/order-details/${orderId}`);
  await expect(termValue(paymentCard(page), 'Coupon discount')).toHaveText(`−${formatINR(SUMMARY.couponDiscount)}`);
  await expect(termValue(paymentCard(page), 'Total')).toHaveText(formatINR(SUMMARY.final));
  const order = await orderViaApi(request, shopper.token, orderId);
  expect(order.paymentStatus).toBe('Paid');

  // The same bag again: the coupon is no longer offered, and typing its code is refused.
  await buyFromDetails(page, bag, shopper);
  await expect(summary.getByRole('button', { name: `Apply coupon ${code}` })).toHaveCount(0);
  await summary.getByLabel('Coupon code').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(summary.locator('.invalid-feedback')).toHaveText(COUPON_MSG.alreadyUsed);
  await expect(page.locator('.Toastify').getByText(COUPON_MSG.alreadyUsed)).toBeVisible();
  await expect(termValue(summary, 'Coupon discount')).toHaveCount(0);
  await expect(termValue(summary, 'Final total')).toHaveText(formatINR(WITHOUT_COUPON.final));
});
