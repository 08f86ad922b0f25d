import type { OrderDto } from '@bagshop/shared/order-types';
import type { ShipmentOnlyResponse } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import type { APIRequestContext, Locator } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { adminToken, uniqueLetters } from '../support/catalogue.ts';
import { SHIPROCKET_WEBHOOK_TOKEN, UNSERVED_PINCODE } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addToCartViaApi,
  bearer,
  newBag,
  newShopper,
  placeOrderViaApi,
  type Shopper,
  termValue,
} from '../support/orders.ts';

const PHONE = { width: 375, height: 800 };

/** A courier's time as Shiprocket writes it: India time, 'YYYY-MM-DD HH:mm:ss'. */
function courierTime(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** How the shop shows a time: India time, e.g. '03 Dec 2026, 08:45 am'. */
function shownTime(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(at);
}

/** A shopper's order of one bag, ready to ship (a cash-on-delivery order confirmed as its mail asks). */
async function orderToShip(request: APIRequestContext, shopper: Shopper): Promise<OrderDto> {
  const bag = await newBag(request, { name: `Track Tote ${uniqueLetters(6)}`, price: 450, quantity: 5 });
  await addToCartViaApi(request, shopper.token, bag._id);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  if (order.codConfirmation?.required) {
    const confirmed = await request.post('/api/orders/confirm-cod', {
      headers: bearer(shopper.token),
      data: { orderId: order._id },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return order;
}

/** Books the order's parcel with Shiprocket (the stand-in) as the administrator. */
async function bookShipment(request: APIRequestContext, orderId: string) {
  const res = await request.post('/api/admin/shipments', {
    headers: bearer(await adminToken(request)),
    data: { orderId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as ShipmentOnlyResponse).shipment;
}

/** The parcel's card: courier, AWB linking to the courier's tracking page, status, expected day and its scans. */
async function expectTrackedParcel(card: Locator, awb: string, scans: { at: Date; text: string }[]) {
  await expect(termValue(card, 'Courier')).toHaveText('Delhivery Surface');
  const link = termValue(card, 'Tracking number \\(AWB\\)').getByRole('link');
  await expect(link).toContainText(awb);
  await expect(link).toHaveAttribute('href', `https://shiprocket.co/tracking/${awb}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(termValue(card, 'Status')).toHaveText('In transit');
  await expect(termValue(card, 'Expected delivery')).toHaveText(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const history = card.getByRole('list', { name: 'Tracking history' });
  const events = history.getByRole('listitem');
  await expect(events).toHaveCount(3);
  await expect(events.nth(0)).toContainText('Booked');
  for (const [index, scan] of scans.entries()) {
    await expect(events.nth(index + 1)).toHaveText(`${shownTime(scan.at)}${scan.text}`);
  }
}

test('a shopper checks delivery to a pincode on a phone, and the next product remembers it', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const { all } = (await (await request.get('/api/products/new')).json()) as { all: { _id: string }[] };
  await page.goto(`/details/${all[0]._id}`);
  const pincode = page.getByLabel('Check delivery');
  await expect(pincode).toHaveAttribute('inputmode', 'numeric');
  await pincode.fill(UNSERVED_PINCODE);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText(SHIPPING_MSG.notServiceable(UNSERVED_PINCODE))).toBeVisible();

  await pincode.fill('560001');
  await pincode.press('Enter');
  const line = page.locator('#delivery-estimate');
  await expect(line).toHaveText(
    /^Delivery to 560001 by [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} · Cash on delivery available$/,
  );
  // The line's room is kept before the answer comes, so its arrival moves nothing; nothing is wider than the phone.
  const { height, reserved, overflow } = await line.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    reserved: Number.parseFloat(getComputedStyle(el).minHeight),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(height).toBe(reserved);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto(`/details/${all[1]._id}`);
  await expect(page.getByLabel('Check delivery')).toHaveValue('560001');
  await expect(page.locator('#delivery-estimate')).toHaveText(/^Delivery to 560001 by /);
});

test('the shopper follows the parcel on the order page and on /track', async ({ page, request, consoleErrors }) => {
  const shopper = await newShopper(request, 'Tara');
  const order = await orderToShip(request, shopper);
  const shipment = await bookShipment(request, order._id);
  const now = Date.now();
  const scans = [
    { at: new Date(now + 60_000), label: 'PICKED UP', location: 'Mysuru Hub', text: 'Picked up · Mysuru Hub' },
    {
      at: new Date(now + 120_000),
      label: 'IN TRANSIT',
      location: 'Bengaluru Gateway',
      text: 'In transit · Bengaluru Gateway',
    },
  ];
  const webhook = await request.post('/api/shipping/webhook', {
    headers: { 'x-api-key': SHIPROCKET_WEBHOOK_TOKEN },
    data: {
      awb: shipment.awb,
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      shipment_status: 'IN TRANSIT',
      order_id: order.orderId,
      etd: courierTime(new Date(now + 3 * 86_400_000)),
      scans: scans.map((scan) => ({
        date: courierTime(scan.at),
        activity: scan.label,
        location: scan.location,
        'sr-status-label': scan.label,
      })),
    },
  });
  expect(webhook.status(), await webhook.text()).toBe(200);

  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);
  await page.goto(`/order-details/${order._id}`);
  const card = page.locator('.shipment-card');
  await expect(card.getByRole('heading', { name: 'Shipment' })).toBeVisible();
  await expectTrackedParcel(card, shipment.awb, scans);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL('/track');
  await expect(page).toHaveTitle('Track your order · Bag Shop');
  consoleErrors.allowFailedRequests(404);
  await page.getByLabel('Order number').fill(order.orderId);
  await page.getByLabel('Email or phone').fill('someone.else@example.in');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Order not found');

  await page.getByLabel('Email or phone').fill(shopper.account.email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toBeVisible();
  await expectTrackedParcel(page.locator('.shipment-card'), shipment.awb, scans);
});

test('the checkout refuses an address no courier serves and names it', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Dorje');
  const added = await request.post('/api/user/account/add-address', {
    headers: bearer(shopper.token),
    data: {
      name: 'Dorje Namgyal',
      houseName: 'Stok House',
      street: 'Fort Road',
      town: 'Leh',
      zipcode: UNSERVED_PINCODE,
      state: 'Ladakh',
      country: 'IN',
      phone: shopper.account.phone,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const bag = await newBag(request, { name: `Far Tote ${uniqueLetters(6)}`, price: 450, quantity: 5 });
  await addToCartViaApi(request, shopper.token, bag._id);

  await signIn(page, shopper.account.email, shopper.account.password, shopper.account.name);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /^Address 2: Dorje Namgyal/ }).check();
  await expect(page.getByText(SHIPPING_MSG.notServiceable(UNSERVED_PINCODE))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeDisabled();

  await page.getByRole('radio', { name: /^Address 1: / }).check();
  await expect(page.locator('#checkout-estimate')).toHaveText(
    /^Delivery to 570001 by .* · Cash on delivery available$/,
  );
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});
