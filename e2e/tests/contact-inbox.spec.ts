import type { Locator, Page } from '@playwright/test';
import { SHOPPER, shopNavbar, signIn, signInAdmin } from '../support/accounts.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/** The Messages entry of the admin menu, whatever its unread badge says. */
const messagesLink = (menu: Locator) => menu.getByRole('link', { name: /^Messages( \d+ unread messages?)?$/ });

/** The unread count the Messages entry announces to screen readers (0 when it shows no badge). */
async function unreadIn(menu: Locator): Promise<number> {
  const badge = messagesLink(menu).getByTestId('unread-messages-badge');
  if ((await badge.count()) === 0) return 0;
  const spoken = (await badge.locator('.visually-hidden').textContent()) ?? '';
  return Number(spoken.match(/^(\d+) unread/)?.[1]);
}

function expectUnread(menu: Locator, unread: number) {
  const name = unread === 0 ? 'Messages' : `Messages ${unread} unread message${unread === 1 ? '' : 's'}`;
  return expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
}

async function sendFromContactPage(page: Page, question: string) {
  await signIn(page, SHOPPER.email, SHOPPER.password, SHOPPER.name);
  await shopNavbar(page).getByRole('link', { name: 'Contact', exact: true }).click();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill(SHOPPER.name);
  await form.getByLabel('Email').fill(SHOPPER.email);
  await form.getByLabel('Message').fill(question);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully.')).toBeVisible();
}

test('a shopper’s message reaches the admin inbox, unread with the badge, and is read once opened', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const question = `Is the Kochi leather tote big enough for a 15-inch laptop? (${Date.now()})`;
  const shopperContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const shopperPage = await shopperContext.newPage();
  consoleErrors.watch(shopperPage);
  await sendFromContactPage(shopperPage, question);
  await shopperContext.close();

  await signInAdmin(page);
  const menu = page.getByRole('complementary', { name: 'Admin menu' });
  await expect(messagesLink(menu)).toBeVisible();
  // The badge comes with the unread count, a moment after the menu: the message just sent makes at least one.
  await expect(messagesLink(menu).getByTestId('unread-messages-badge')).toBeVisible();
  const unread = await unreadIn(menu);
  expect(unread).toBeGreaterThanOrEqual(1);
  await expectUnread(menu, unread);

  await messagesLink(menu).click();
  await expect(page).toHaveURL('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: question });
  await expect(entry).toHaveCount(1);
  // Newest first: the shopper's message leads the list.
  await expect(page.getByTestId('inbox-message').first()).toContainText(question);
  await expect(entry.getByText('New unread message', { exact: true })).toBeVisible();
  await expect(entry.getByRole('link', { name: SHOPPER.email })).toHaveAttribute('href', `mailto:${SHOPPER.email}`);

  const sender = entry.getByRole('button', { name: SHOPPER.name, exact: true });
  await sender.click();
  await expect(sender).toHaveAttribute('aria-expanded', 'true');
  await expect(entry.getByText('New unread message', { exact: true })).toHaveCount(0);
  await expectUnread(menu, unread - 1);
  await expect(entry.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    `mailto:${SHOPPER.email}?subject=Re%3A%20your%20message%20to%20Bag%20Shop`,
  );

  await entry.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(entry.getByText('New unread message', { exact: true })).toBeVisible();
  await expect(sender).toBeFocused();
  await expectUnread(menu, unread);

  // Under Unread it is listed; opened from the keyboard it is read again.
  await page.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(page).toHaveURL('/admin/messages?status=unread&page=1');
  await expect(entry).toHaveCount(1);
  await sender.focus();
  await page.keyboard.press('Enter');
  await expect(entry.getByText('New unread message', { exact: true })).toHaveCount(0);
  await expectUnread(menu, unread - 1);

  // The same inbox on a phone: nothing runs off the side, and the drawer carries the entry.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('group', { name: 'Show messages' }).getByRole('button', { name: 'Read', exact: true }).click();
  await expect(page).toHaveURL('/admin/messages?status=read&page=1');
  await expect(entry).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Bag Shop Admin' });
  await expect(messagesLink(drawer)).toBeVisible();
  await expectUnread(drawer, unread - 1);
});
