import type { ContactInboxList, ContactMessageDto } from '@bagshop/shared/contact-inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession, adminToken, callApi, rememberSession, withRealServer } from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { UnreadMessagesBadge } from '../components/unread-badge.tsx';
import { receivedAt } from '../inbox-format.ts';
import { ContactInboxPage } from './inbox-page.tsx';

const server = withRealServer();
const BASE = '/api/user/admin/contact-messages';

beforeEach(() => {
  rememberSession(adminSession());
});

/** Sends a message through the Contact page's endpoint and answers it as the inbox lists it. */
async function sendMessage(name: string, email: string, text: string): Promise<ContactMessageDto> {
  await callApi('POST', '/api/contact', { body: { name, email, message: text }, expect: 201 });
  const { messages } = await callApi<ContactInboxList>('GET', BASE, { token: adminToken() });
  const sent = messages.find((m) => m.message === text);
  if (!sent) throw new Error(`The inbox does not list '${text}'`);
  return sent;
}

const unreadNow = async () =>
  (await callApi<{ unread: number }>('GET', `${BASE}/unread-count`, { token: adminToken() })).unread;

function renderInbox(url = '/admin/messages') {
  return renderScreen(
    <>
      <a href="/admin/messages">
        Messages
        <UnreadMessagesBadge />
      </a>
      <ContactInboxPage />
      <ToastContainer />
    </>,
    { path: '/admin/messages', url },
  );
}

/** The list entry holding this text (its preview while closed, its full text while open). */
async function entryOf(text: string) {
  const item = (await screen.findByText(text)).closest('li');
  if (!item) throw new Error(`No message entry holds '${text}'`);
  return within(item);
}

const badgeName = (unread: number) => `Messages ${unread} ${unread === 1 ? 'unread message' : 'unread messages'}`;

describe('contact inbox against the shop', () => {
  it('lists a new message unread, opens it as read and marks it unread again, with the badge following', async () => {
    const user = userEvent.setup();
    const text = `Is the Kochi tote waterproof? (${crypto.randomUUID()})`;
    const sent = await sendMessage('Kiran Das', 'kiran.inbox@example.in', text);
    const unread = await unreadNow();
    expect(unread).toBeGreaterThan(0);

    renderInbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: badgeName(unread) })).toBeTruthy();
    const entry = await entryOf(text);
    const toggle = entry.getByRole('button', { name: 'Kiran Das' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.className).toContain('fw-bold');
    expect(entry.getByText('New').textContent).toBe('New unread message');
    expect(entry.getByRole('link', { name: 'kiran.inbox@example.in' }).getAttribute('href')).toBe(
      'mailto:kiran.inbox@example.in',
    );
    expect(entry.getByText(receivedAt(sent.createdAt))).toBeTruthy();
    expect(screen.getByTestId('inbox-counts').textContent).toContain(`· ${unread} unread`);
    // The newest message leads the list.
    const first = screen.getAllByTestId('inbox-message')[0] as HTMLElement;
    expect(within(first).getByText(text)).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(entry.queryByText('New')).toBeNull());
    expect(server.last(`${BASE}/${sent.id}`, 'PATCH')).toMatchObject({ body: { read: true }, status: 200 });
    expect(toggle.className).toContain('fw-normal');
    expect(entry.getByRole('link', { name: /Reply by email/ }).getAttribute('href')).toBe(
      'mailto:kiran.inbox@example.in?subject=Re%3A%20your%20message%20to%20Bag%20Shop',
    );
    expect(await screen.findByRole('link', { name: unread === 1 ? 'Messages' : badgeName(unread - 1) })).toBeTruthy();
    expect(await unreadNow()).toBe(unread - 1);

    await user.click(entry.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(entry.getByText('New')).toBeTruthy());
    expect(server.last(`${BASE}/${sent.id}`, 'PATCH')).toMatchObject({ body: { read: false }, status: 200 });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(await screen.findByRole('link', { name: badgeName(unread) })).toBeTruthy();
    expect(await unreadNow()).toBe(unread);

    // Keyboard: Enter on the focused sender opens it again.
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(entry.queryByText('New')).toBeNull());
  });

  it('filters through the URL and keeps an opened message in view under Unread', async () => {
    const user = userEvent.setup();
    const text = `Do you ship to Leh? (${crypto.randomUUID()})`;
    await sendMessage('Leela Nair', 'leela.inbox@example.in', text);

    const { router } = renderInbox('/admin/messages?status=unread');
    const filters = within(await screen.findByRole('group', { name: 'Show messages' }));
    expect(filters.getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(server.last(BASE).search.get('status')).toBe('unread'));
    const entry = await entryOf(text);
    await user.click(entry.getByRole('button', { name: 'Leela Nair' }));
    await waitFor(() => expect(entry.queryByText('New')).toBeNull());
    // Read now, but still where the administrator is reading it.
    expect(entry.getByText(text)).toBeTruthy();

    await user.click(filters.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&page=1'));
    await waitFor(() => expect(server.last(BASE).search.get('status')).toBe('read'));
    const readEntry = await entryOf(text);
    expect(readEntry.queryByText('New')).toBeNull();
    expect(filters.getByRole('button', { name: 'Read' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(filters.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(await entryOf(text)).toBeTruthy();
  });

  it('deletes after a confirmation, and toasts when the message is already gone', async () => {
    const user = userEvent.setup();
    const spam = `Cheap followers for your shop (${crypto.randomUUID()})`;
    const gone = `Please call me back (${crypto.randomUUID()})`;
    await sendMessage('Spam Bot', 'spam.inbox@example.in', spam);
    const goneMessage = await sendMessage('Manoj Rao', 'manoj.inbox@example.in', gone);

    renderInbox();
    const spamEntry = await entryOf(spam);
    await user.click(spamEntry.getByRole('button', { name: 'Spam Bot' }));
    await user.click(spamEntry.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this message?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(spam)).toBeNull());

    // Another administrator deletes this one while it is on screen.
    const goneEntry = await entryOf(gone);
    await callApi('DELETE', `${BASE}/${goneMessage.id}`, { token: adminToken() });
    await user.click(goneEntry.getByRole('button', { name: 'Manoj Rao' }));
    expect(await screen.findByText('Message not found')).toBeTruthy();
    expect(server.last(`${BASE}/${goneMessage.id}`, 'PATCH').status).toBe(404);
    await waitFor(() => expect(screen.queryByText(gone)).toBeNull());
  });
});
