import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { formatINR, toPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { shopNavbar, signIn } from '../support/accounts.ts';
import { uniqueLetters } from '../support/catalogue.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  browserToken,
  buyFromDetails,
  newBag,
  newShopper,
  orderViaApi,
  paymentCard,
  productStockViaApi,
  sandboxDialog,
  termValue,
  walletViaApi,
} from '../support/orders.ts';

const line = (rupees: number) => ({ pricePaise: toPaise(rupees), discountPaise: ZERO_PAISE, qty: 1 });

test('a cancelled item of a paid order is refunded to the wallet, which then pays the next order', async ({
  page,
  request,
}) => {
  const suffix = uniqueLetters(6);
  const satchel = await newBag(request, { name: `Ridge Satchel ${suffix}`, price: 800, quantity: 4 });
  const pouch = await newBag(request, { name: `Ridge Pouch ${suffix}`, price: 400, quantity: 4 });
  const sling = await newBag(request, { name: `Ridge Sling ${suffix}`, price: 600, quantity: 4 });
  // ₹1,200 of bags: ₹60 tax, free shipping. Cancelling the satchel gives back its line and its share of the tax, less
  // the ₹50 shipping the pouch alone (₹420) would pay (docs/decisions/035-refunds-keep-what-was-earned.md).
  const first = cartSummary([line(800), line(400)]);
  expect(first.final).toBe(126_000);
  expect(cartSummary([line(400)]).shipping).toBe(5_000);
  const satchelRefund = toPaise(840 - 50);
  // ₹600 alone: ₹30 tax and ₹50 shipping below ₹700.
  const second = cartSummary([line(600)]);
  expect(second.final).toBe(68_000);

  const shopper = await newShopper(request, 'Farah');
  await addToCartViaApi(request, shopper.token, pouch._id);
  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);

  // A card order paid through the sandbox.
  await buyFromDetails(page, satchel, shopper);
  await expect(page.getByRole('radio', { name: 'Wallet' })).toBeDisabled();
  await expect(page.getByText(`Balance ₹0.00 — ${formatINR(first.final)} short for this order`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await sandboxDialog(page).getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: ORDER_SCREEN_MSG.thankYou })).toBeVisible();
  const firstId = new URL(page.url()).searchParams.get('id') ?? '';
  await page.getByRole('link', { name: 'Order Details' }).click();
  await expect(page).toHaveURL(`/order-details/${firstId}`);
  await expect(termValue(paymentCard(page), 'Status')).toHaveText('Paid');

  // Cancel the satchel with a reason.
  const satchelCard = page.getByRole('listitem').filter({ hasText: satchel.name });
  await page.getByRole('button', { name: `Cancel ${satchel.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel item' });
  // Before confirming, the dialog says what comes back and why the shipping fee stays.
  await expect(dialog.getByText(ORDER_MSG.refundWouldBe(satchelRefund))).toBeVisible();
  await expect(dialog.getByText(ORDER_MSG.keptBackShipping(toPaise(50)))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel item' }).click();
  await expect(dialog.getByText(ORDER_MSG.cancelReasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason for cancelling').fill('Bought the same bag in a shop');
  await dialog.getByRole('button', { name: 'Cancel item' }).click();
  await expect(dialog).toBeHidden();
  await expect(satchelCard.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(satchelCard.getByText('Cancel reason: Bought the same bag in a shop')).toBeVisible();
  await expect(satchelCard.getByText(`Refunded to wallet: ${formatINR(satchelRefund)}`)).toBeVisible();
  await expect(satchelCard.getByText(ORDER_MSG.keptBackShipping(toPaise(50)))).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel ${satchel.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Cancel ${pouch.name}` })).toBeVisible();
  expect(await productStockViaApi(request, satchel._id)).toBe(4);

  // The refund is in the wallet, read with the browser's own session.
  const token = await browserToken(page);
  const wallet = await walletViaApi(request, token);
  expect(toPaise(wallet.balance)).toBe(satchelRefund);
  expect(wallet.transactions).toEqual([
    expect.objectContaining({
      type: 'Credit',
      transactionType: 'Order Cancelled',
      amount: satchelRefund / 100,
      orderId: firstId,
    }),
  ]);

  // The next order is paid from the wallet, whose balance the checkout shows.
  await buyFromDetails(page, sling, shopper);
  const walletChoice = page.getByRole('radio', { name: 'Wallet' });
  await expect(walletChoice).toBeEnabled();
  await expect(page.getByText(`Balance ${formatINR(satchelRefund)}`, { exact: true })).toBeVisible();
  await walletChoice.check();
  await expect(page.getByText(`You pay ${formatINR(second.final)} by Wallet`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(ORDER_MSG.orderPlaced)).toBeVisible();
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: ORDER_SCREEN_MSG.thankYou })).toBeVisible();
  await expect(sandboxDialog(page)).toHaveCount(0);
  const secondId = new URL(page.url()).searchParams.get('id') ?? '';

  const paid = await orderViaApi(request, shopper.token, secondId);
  expect(paid.paymentMethod).toBe('wallet');
  expect(paid.paymentStatus).toBe('Paid');
  expect(toPaise(paid.finalAmount)).toBe(second.final);
  const after = await walletViaApi(request, token);
  expect(toPaise(after.balance)).toBe(satchelRefund - second.final);
  expect(after.transactions[0]).toEqual(
    expect.objectContaining({ type: 'Debit', amount: second.final / 100, orderId: secondId }),
  );

  await page.getByRole('link', { name: 'Order Details' }).click();
  await expect(termValue(paymentCard(page), 'Method')).toHaveText('Wallet');
  await expect(termValue(paymentCard(page), 'Status')).toHaveText('Paid');

  // My Orders: newest first, searchable by an item's name, each leading to its details.
  const firstOrder = await orderViaApi(request, shopper.token, firstId);
  await shopNavbar(page).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/mine');
  const rows = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('link', { name: paid.orderId })).toBeVisible();
  await expect(rows.nth(0)).toContainText(formatINR(second.final));
  await expect(rows.nth(1).getByRole('link', { name: firstOrder.orderId })).toBeVisible();
  await expect(rows.nth(1)).toContainText(satchel.name);
  await page.getByRole('searchbox', { name: 'Search orders by order number or item name' }).fill(pouch.name);
  await expect(page).toHaveURL(/searchTerm=/);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: firstOrder.orderId }).click();
  await expect(page).toHaveURL(`/order-details/${firstId}`);
});
