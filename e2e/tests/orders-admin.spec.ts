import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { CheckoutPaymentDto, OrderDto } from '@bagshop/shared/order-types';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import { asPaise, formatINR, toPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { SHIPMENT_STATUS_LABELS, SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/catalogue.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  bearer,
  confirmCodViaApi,
  newBag,
  newShopper,
  openAsAdmin,
  orderViaApi,
  paymentCard,
  placeOrderViaApi,
  productStockViaApi,
  shipViaApi,
  termValue,
  walletViaApi,
} from '../support/orders.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The overall order status badge beside the order's heading on the admin desk. */
function adminOrderStatus(page: Page) {
  return page.locator('p', { hasText: 'Order status' }).locator('.badge');
}

test('the admin ships a confirmed order from its page, at a phone’s width, and downloads its label as a PDF', async ({
  page,
  request,
}) => {
  const name = `Reef Sling ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 450, quantity: 2 });
  const shopper = await newShopper(request, 'Devika');
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  // The shopper confirms the cash-on-delivery order; only then may the desk ship it.
  await confirmCodViaApi(request, shopper.token, order._id);
  const itemRow = page.getByRole('row').filter({ hasText: name });

  await page.setViewportSize({ width: 375, height: 812 });
  await openAsAdmin(page, request, `/admin/orders/edit/${order._id}`);
  await expect(adminOrderStatus(page)).toHaveText('Pending');
  await expect(itemRow.getByText('Pending', { exact: true })).toBeVisible();
  await expect(itemRow.getByText('Waiting to be shipped')).toBeVisible();

  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${order.orderId}` });
  await expect(ship.getByText(SHIPPING_SCREEN_MSG.shiprocketAssigns)).toBeVisible();
  await expect(ship.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  expect(await seriousViolations(page, 'ship dialog', '[role="dialog"]')).toEqual([]);
  await ship.getByRole('button', { name: 'Book shipment' }).click();
  await expect(page.getByText(SHIPPING_MSG.shipmentBooked)).toBeVisible();
  await expect(itemRow.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(adminOrderStatus(page)).toHaveText('Processing');
  await expect(page.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
  const parcel = page.getByRole('listitem', { name: /^Shipment / });
  await expect(parcel.getByText(SHIPMENT_STATUS_LABELS.booked, { exact: true })).toBeVisible();
  await expect(parcel.getByText(name)).toBeVisible();
  expect(await seriousViolations(page, 'shipments card', '#shipments')).toEqual([]);

  const awb = ((await parcel.getAttribute('aria-label')) ?? '').replace('Shipment ', '');
  const [label] = await Promise.all([
    page.waitForEvent('download'),
    parcel.getByRole('button', { name: `Download label of shipment ${awb}` }).click(),
  ]);
  expect(label.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readAll(await label.createReadStream());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
  expect(text).toContain(awb);
  expect(text).toContain(order.orderId);
});

test('the admin delivers a shipped item, and approving its return reaches the open order page live', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const name = `Coast Tote ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 500, quantity: 3 });
  // ₹500: ₹25 tax and ₹50 shipping; small enough for Cash on Delivery.
  const final = cartSummary([{ pricePaise: toPaise(500), discountPaise: ZERO_PAISE, qty: 1 }]).final;
  expect(final).toBe(57_500);
  const shopper = await newShopper(request, 'Gauri');
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  await confirmCodViaApi(request, shopper.token, order._id);
  await shipViaApi(request, order._id);
  const itemRow = page.getByRole('row').filter({ hasText: name });

  await openAsAdmin(page, request, `/admin/orders/edit/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: shopper.account.email })).toBeVisible();
  await expect(itemRow.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(adminOrderStatus(page)).toHaveText('Processing');
  await expect(adminOrderStatus(page)).toHaveClass(/bg-danger/);

  const status = itemRow.getByLabel(`New status of ${name}`);
  const save = itemRow.getByRole('button', { name: `Save status of ${name}` });
  await expect(save).toBeDisabled();
  await expect(status.locator('option')).toHaveText(['Change status…', 'Delivered', 'Returned to seller']);
  await status.selectOption('Delivered');
  await save.click();
  // Delivered cannot be taken back: the admin is asked first, and cancelling changes nothing.
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText(ORDER_SCREEN_MSG.advanceQuestion(name, 'Delivered'));
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(itemRow.getByText('Shipped', { exact: true })).toBeVisible();
  await status.selectOption('Delivered');
  await save.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(itemRow.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(itemRow.getByText('No further changes')).toBeVisible();
  await expect(adminOrderStatus(page)).toHaveText('Completed');
  await expect(adminOrderStatus(page)).toHaveClass(/bg-success/);

  // The shopper, in a browser of their own, asks to return it.
  const shopperContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const shopperPage = await shopperContext.newPage();
  consoleErrors.watch(shopperPage);
  // What the shop pushes to the shopper's browser over its realtime connection.
  const pushed: string[] = [];
  shopperPage.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('orderStatusUpdated')) pushed.push(frame.payload);
    });
  });
  await signIn(shopperPage, shopper.account.email, shopper.account.password, shopper.account.name);
  await shopperPage.goto(`/order-details/${order._id}`);
  const shopperItem = shopperPage.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
  await expect(shopperItem.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(shopperPage.getByRole('button', { name: `Cancel ${name}` })).toHaveCount(0);
  await shopperPage.getByRole('button', { name: `Return ${name}` }).click();
  const dialog = shopperPage.getByRole('dialog', { name: 'Return item' });
  await dialog.getByLabel('Reason for returning').fill('The zip sticks halfway');
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(shopperPage.getByText(ORDER_MSG.returnRequested)).toBeVisible();
  await expect(shopperItem.getByText('Return requested', { exact: true })).toBeVisible();
  await expect(shopperItem.getByText('Return reason: The zip sticks halfway')).toBeVisible();

  // The admin's open screen learns of the request by itself, then approves it.
  const approve = itemRow.getByRole('button', { name: `Approve return of ${name}` });
  await expect(approve).toBeVisible();
  await expect(itemRow.getByText('Return reason: The zip sticks halfway')).toBeVisible();
  await expect(adminOrderStatus(page)).toHaveText('Processing');
  await expect(adminOrderStatus(page)).toHaveClass(/bg-danger/);
  // Approving asks first; Cancel leaves the return waiting.
  await approve.click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`Approve the return of ${name}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(approve).toBeVisible();
  await approve.click();
  await confirm.getByRole('button', { name: 'Approve return' }).click();
  await expect(page.getByText(ORDER_SCREEN_MSG.returnApproved)).toBeVisible();
  await expect(itemRow.getByText('Returned', { exact: true })).toBeVisible();
  await expect(itemRow.getByText('No further changes')).toBeVisible();
  await expect(adminOrderStatus(page)).toHaveText('Completed');
  await expect(adminOrderStatus(page)).toHaveClass(/bg-success/);

  // The shopper's page, never reloaded, shows the return done and the cash refunded to the wallet.
  await expect(shopperItem.getByText('Returned', { exact: true })).toBeVisible();
  await expect(shopperItem.getByText(`Refunded to wallet: ${formatINR(final)}`)).toBeVisible();
  await expect(shopperPage.getByRole('button', { name: `Return ${name}` })).toHaveCount(0);
  expect(pushed.some((payload) => payload.includes(order._id) && payload.includes('"Returned"'))).toBe(true);

  const returned = await orderViaApi(request, shopper.token, order._id);
  expect(returned.items.map((i) => i.status)).toEqual(['Returned']);
  const wallet = await walletViaApi(request, shopper.token);
  expect(toPaise(wallet.balance)).toBe(final);
  expect(wallet.transactions).toEqual([
    expect.objectContaining({ type: 'Credit', transactionType: 'Order Returned', orderId: order._id }),
  ]);
  expect(await productStockViaApi(request, bag._id)).toBe(3);
  await shopperContext.close();
});

test('a card payment that arrives after the order was cancelled is refunded, and the desk and the shopper see it', async ({
  page,
  browser,
  request,
}) => {
  const name = `Late Pay Duffel ${uniqueLetters(6)}`;
  const bag = await newBag(request, { name, price: 800, quantity: 4 });
  const shopper = await newShopper(request, 'Farah');
  await addToCartViaApi(request, shopper.token, bag._id);
  const placed = await request.post('/api/orders', {
    headers: bearer(shopper.token),
    data: { addressId: shopper.address._id, paymentMethod: 'razorpay' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = (await placed.json()) as { order: OrderDto; payment: CheckoutPaymentDto };

  // The shopper cancels the unpaid order, then the payment of a checkout still open elsewhere goes through.
  const cancelled = await request.put('/api/orders/cancel', {
    headers: bearer(shopper.token),
    data: { orderId: order._id, item: order.items[0]._id, cancelReason: 'Found it cheaper in a shop nearby' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const checkout = await request.post('/api/payments/sandbox/complete', {
    headers: bearer(shopper.token),
    data: { id: payment.id, outcome: 'success' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const verified = await request.post('/api/user/verify-payment', {
    headers: bearer(shopper.token),
    data: { orderId: order._id, ...(await checkout.json()) },
  });
  expect(verified.status()).toBe(409);
  expect((await verified.json()).message).toBe(ORDER_MSG.latePaymentRefunded);
  const refundText = ORDER_SCREEN_MSG.cardRefunded(formatINR(asPaise(payment.amount)));

  await openAsAdmin(page, request, `/admin/orders?searchTerm=${order.orderId}`);
  const row = page.getByRole('row').filter({ hasText: order.orderId });
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: `View order ${order.orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}`, level: 1 })).toBeVisible();
  await expect(termValue(page, 'Payment method').getByText('Refunded', { exact: true })).toBeVisible();
  await expect(termValue(page, 'Card refund')).toHaveText(refundText);

  const shopperContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const shopperPage = await shopperContext.newPage();
  await signIn(shopperPage, shopper.account.email, shopper.account.password, shopper.account.name);
  await shopperPage.goto(`/order-details/${order._id}`);
  await expect(termValue(paymentCard(shopperPage), 'Status').getByText('Refunded', { exact: true })).toBeVisible();
  await expect(termValue(paymentCard(shopperPage), 'Card refund')).toHaveText(refundText);
  await expect(shopperPage.getByRole('link', { name: 'Complete payment' })).toHaveCount(0);
  await expect(shopperPage.getByRole('button', { name: 'Download invoice' })).toHaveCount(0);
  expect((await walletViaApi(request, shopper.token)).balance).toBe(0);
  await shopperContext.close();
});
