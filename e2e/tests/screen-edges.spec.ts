import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ProductCardPage } from '@bagshop/shared/catalogue-types';
import { MSG } from '@bagshop/shared/messages';
import { filtersFromSearch, shopProductsAddress } from '@bagshop/shared/shop-query';
import type { Browser, Locator, Page } from '@playwright/test';
import { type NewAccount, registerViaApi } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { bagPhoto, uniqueLetters } from '../support/catalogue.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { breaksMidWord, cutColumns, lineBreaks, pageOverflows } from '../support/layout.ts';
import {
  addToCartViaApi,
  bearer,
  confirmCodViaApi,
  newBag,
  newShopper,
  openAsAdmin,
  openAsShopper,
  placeOrderViaApi,
  shipViaApi,
} from '../support/orders.ts';

// The screen edges a shop owner and a shopper noticed (docs/decisions/059-screen-edges.md).

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };

/** Every column of the table shows in its box at 1280 px; on a phone its box may scroll, the page never does. */
async function expectFits(table: Locator, width: number) {
  const { cut, scrolls } = await cutColumns(table);
  if (width >= 1280) {
    expect(cut, 'columns cut off at the right').toEqual([]);
    expect(scrolls, 'the table scrolls sideways').toBe(false);
  }
  expect(await pageOverflows(table), 'the page is wider than the screen').toBe(false);
}

test("at 1280 px the order page's invoice and the sales report's orders show every column", async ({
  page,
  request,
}) => {
  // A cash order is invoiced when its first item ships.
  // Two units, under the cash-on-delivery limit of ₹1,000; the shop's newest bag keeps plenty for the specs after.
  const bag = await newBag(request, { name: `Edge Satchel ${uniqueLetters(6)}`, price: 450, quantity: 50 });
  const shopper = await newShopper(request, 'Revathi');
  await addToCartViaApi(request, shopper.token, bag._id, 2);
  const order = await placeOrderViaApi(request, shopper, 'cod');
  await confirmCodViaApi(request, shopper.token, order._id);
  await shipViaApi(request, order._id);

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await openAsShopper(page, request, shopper, `/order-details/${order._id}`);
    const invoice = page.getByRole('table', { name: /Invoice lines/ });
    await expect(invoice.getByTestId('invoice-line')).toHaveCount(1);
    await expect(invoice.getByRole('columnheader', { name: 'GST 5 %' })).toBeAttached();
    await expectFits(invoice, size.width);
    expect(await seriousViolations(page, `order page at ${size.width}`)).toEqual([]);
  }

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await openAsAdmin(page, request, '/admin/sales-report?filter=yearly');
    const orders = page.getByRole('table', { name: /^Orders/ });
    await expect(orders.getByRole('columnheader', { name: 'Refunded' })).toBeAttached();
    await expect(orders.getByRole('row').nth(1)).toBeVisible();
    await expectFits(orders, size.width);
    expect(await seriousViolations(page, `sales report at ${size.width}`)).toEqual([]);
  }
});

test('admin lists wrap a long email address at its "@" or a dot, never inside a word', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  const account: NewAccount = {
    name: 'Lakshmi Narayanan',
    email: `lakshminarayanan.venkatasubramanian${stamp}@customers.bagshop-mail.example`,
    phone: `8${stamp.slice(-9)}`,
    password: 'Secret@123',
  };
  await registerViaApi(request, account);

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await openAsAdmin(page, request, `/admin/user?keyword=${encodeURIComponent(account.email)}`);
    // A table on a large screen, cards on a phone: whichever shows.
    const shown = page.getByText(account.email, { exact: true }).locator('visible=true');
    await expect(shown).toHaveCount(1);
    const breaks = await lineBreaks(shown);
    if (size.width < 768)
      expect(breaks.length, 'a phone card is too narrow for the address on one line').toBeGreaterThan(0);
    expect(breaksMidWord(breaks), `line breaks at ${size.width} px`).toEqual([]);
    expect(await pageOverflows(shown)).toBe(false);
    expect(await seriousViolations(page, `users list at ${size.width}`)).toEqual([]);
  }
});

/** The lightbox's picture and the box it scrolls in, measured on the screen. */
async function lightboxGeometry(page: Page) {
  return page.locator('.lightbox-stage').evaluate((stage) => {
    const picture = stage.querySelector('img') as HTMLImageElement;
    const box = stage.getBoundingClientRect();
    const shown = picture.getBoundingClientRect();
    return {
      stage: { left: box.left, top: box.top, width: stage.clientWidth, height: stage.clientHeight },
      picture: { left: shown.left, top: shown.top, width: shown.width, height: shown.height },
    };
  });
}

/**
 * Where the picture's point at fraction `f` of `size` should sit: in the middle of the view, unless the picture's
 * edge stops it (no empty space is scrolled into view); centred as a whole while smaller than the view.
 */
function expectedAt(f: number, size: number, start: number, length: number): number {
  if (size <= length) return start + (length - size) / 2 + f * size;
  const edge = Math.min(start, Math.max(start + length - size, start + length / 2 - f * size));
  return edge + f * size;
}

async function tapZoomCentres(page: Page, touch: boolean, fx: number, fy: number) {
  const before = await lightboxGeometry(page);
  const x = before.picture.left + fx * before.picture.width;
  const y = before.picture.top + fy * before.picture.height;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('output')).toHaveText('200%');
  const after = await lightboxGeometry(page);
  // Twice the fitted picture.
  expect(after.picture.width).toBeCloseTo(before.picture.width * 2, 0);
  const at = { x: after.picture.left + fx * after.picture.width, y: after.picture.top + fy * after.picture.height };
  const want = {
    x: expectedAt(fx, after.picture.width, after.stage.left, after.stage.width),
    y: expectedAt(fy, after.picture.height, after.stage.top, after.stage.height),
  };
  expect(Math.abs(at.x - want.x), `tapped point x ${at.x} vs ${want.x}`).toBeLessThanOrEqual(2);
  expect(Math.abs(at.y - want.y), `tapped point y ${at.y} vs ${want.y}`).toBeLessThanOrEqual(2);
  // The tapped point is in view.
  expect(at.x).toBeGreaterThanOrEqual(after.stage.left);
  expect(at.x).toBeLessThanOrEqual(after.stage.left + after.stage.width);
  expect(at.y).toBeGreaterThanOrEqual(after.stage.top);
  expect(at.y).toBeLessThanOrEqual(after.stage.top + after.stage.height);
  return { at, want, after };
}

async function openLightbox(page: Page, touch: boolean) {
  const { all } = (await (await page.request.get('/api/products/new')).json()) as { all: { _id: string }[] };
  await page.goto(`/details/${all[0]._id}`);
  const trigger = page.getByRole('button', { name: /full size/ });
  if (touch) await trigger.tap();
  else await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.locator('.lightbox-stage img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  return dialog;
}

test('a click near a corner of the full-size picture zooms in with that point as near the middle as the picture allows', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openLightbox(page, false);
  // Near the bottom-right corner: the picture's corner comes into view, the point as near the middle as it can be.
  const { after } = await tapZoomCentres(page, false, 0.85, 0.8);
  await expect(dialog.getByText(CATALOGUE_MSG.zoomHereHint)).toBeVisible();
  const stage = dialog.locator('.lightbox-stage');
  const scroll = await stage.evaluate((el) => ({
    left: el.scrollLeft,
    top: el.scrollTop,
    maxLeft: el.scrollWidth - el.clientWidth,
    maxTop: el.scrollHeight - el.clientHeight,
  }));
  expect(scroll.top).toBeGreaterThan(0);
  if (after.picture.width > after.stage.width) expect(scroll.left).toBeGreaterThan(0);
  expect(await seriousViolations(page, 'zoomed picture at 1280')).toEqual([]);
  // At the highest zoom a tap goes back to the whole picture.
  await page.mouse.click(after.stage.left + after.stage.width / 2, after.stage.top + after.stage.height / 2);
  await expect(dialog.locator('output')).toHaveText('300%');
  await page.mouse.click(after.stage.left + after.stage.width / 2, after.stage.top + after.stage.height / 2);
  await expect(dialog.locator('output')).toHaveText('100%');
});

async function withPhone(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('on a phone a tap on the full-size picture zooms in on the point tapped', async ({ browser }) => {
  await withPhone(browser, async (page) => {
    await openLightbox(page, true);
    await tapZoomCentres(page, true, 0.7, 0.3);
    await expect(page.getByRole('dialog').getByText(CATALOGUE_MSG.zoomHereHint)).toBeVisible();
    expect(await seriousViolations(page, 'zoomed picture at 375')).toEqual([]);
  });
});

test("'Crop & Save' saves the profile picture in one step", async ({ page, request, consoleErrors }) => {
  const shopper = await newShopper(request, 'Nandini');
  for (const [before, size] of [DESKTOP, PHONE].entries()) {
    await page.setViewportSize(size);
    await openAsShopper(page, request, shopper, '/account');
    const pictures = page.getByRole('region', { name: 'Profile pictures' });
    await expect(pictures.getByRole('img', { name: /^Profile \d$/ })).toHaveCount(before);
    await pictures
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await bagPhoto() });
    const cropper = page.getByRole('dialog', { name: 'Crop your picture' });
    await cropper.getByRole('button', { name: 'Crop & Save' }).click();
    await expect(page.getByText(MSG.pictureSaved)).toBeVisible();
    await expect(cropper).toBeHidden();
    // Saved already: the new picture shows, and there is no second step.
    await expect(pictures.getByRole('img', { name: /^Profile \d$/ })).toHaveCount(before + 1);
    await expect(page.getByRole('button', { name: 'Set as Profile pic' })).toHaveCount(0);
    await page.reload();
    await expect(pictures.getByRole('img', { name: /^Profile \d$/ })).toHaveCount(before + 1);
  }
  expect(await seriousViolations(page, 'account at 375')).toEqual([]);

  // A save the shop refuses is said in the dialog, which stays open to try again: here another tab filled the
  // shopper's five pictures while this one was cropping.
  await page
    .getByRole('region', { name: 'Profile pictures' })
    .getByLabel('Choose a picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await bagPhoto() });
  const cropper = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(cropper.getByRole('button', { name: 'Crop & Save' })).toBeEnabled();
  const image = { name: 'other.png', mimeType: 'image/png', buffer: await bagPhoto() };
  const me = await request.get('/api/user/account', { headers: bearer(shopper.token) });
  const userId = ((await me.json()) as { user: { _id: string } }).user._id;
  const elsewhere = await request.post(`/api/user/upload/${userId}`, {
    headers: bearer(shopper.token),
    multipart: { image },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  for (let n = 0; n < 2; n += 1) {
    const more = await request.post(`/api/user/upload/${userId}`, {
      headers: bearer(shopper.token),
      multipart: { image },
    });
    expect(more.status(), await more.text()).toBe(200);
  }
  consoleErrors.allowFailedRequests(400);
  await cropper.getByRole('button', { name: 'Crop & Save' }).click();
  await expect(cropper.getByRole('alert')).toBeVisible();
  await expect(cropper).toBeVisible();
  await expect(cropper.getByRole('button', { name: 'Crop & Save' })).toBeEnabled();
});

test('on a phone the filter panel stays open while several filters are chosen, and closes with Done', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/shop-products');
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  const categories = panel.getByRole('group', { name: 'Category' }).getByRole('checkbox');
  const chosen = [categories.nth(0), categories.nth(1), panel.getByRole('checkbox', { name: 'Black', exact: true })];
  for (const [n, option] of chosen.entries()) {
    await option.click();
    await expect(option).toHaveAttribute('aria-checked', 'true');
    await expect(option).toBeFocused();
    await expect(panel).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.size).toBe(n + 1);
  }
  const search = new URL(page.url()).searchParams;
  expect(search.getAll('category')).toHaveLength(2);
  expect(search.getAll('color')).toEqual(['Black']);
  // The results behind the panel are those of all three filters.
  const answer = (await (
    await page.request.get(shopProductsAddress(filtersFromSearch(search)))
  ).json()) as ProductCardPage;
  await expect(panel.getByText(CATALOGUE_MSG.filtersMatching(answer.total))).toBeVisible();
  expect(await seriousViolations(page, 'filter panel at 375')).toEqual([]);

  await panel.getByRole('button', { name: CATALOGUE_MSG.filtersDone }).click();
  await expect(panel).toBeHidden();
  const opener = page.getByRole('button', { name: 'Filters 3' });
  await expect(opener).toBeFocused();
  await expect(
    page.getByText(`${answer.total} ${answer.total === 1 ? 'product' : 'products'}`, { exact: true }),
  ).toBeVisible();

  // On a large screen the filters stand beside the list, without a panel to open.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Black', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: CATALOGUE_MSG.filtersDone })).toBeHidden();
});
