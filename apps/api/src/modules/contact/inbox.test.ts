import type { ContactInboxList, ContactMessageDto } from '@bagshop/shared/contact-inbox';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { contactMessages } from '../../db/schema/messages.ts';

const BASE = '/api/user/admin/contact-messages';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Priya Admin' });
  shopper = await createUser(t, { name: 'Ravi Kumar' });
});
afterAll(() => t.close());

/** Sends a message the way the Contact page does, each from its own address (the form is rate limited per IP). */
async function sendContact(name: string, email: string, message: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.1.0.${++ip}`,
    payload: { name, email, message },
  });
  expect(res.statusCode).toBe(201);
}

const inbox = async (query = '', user: TestUser = admin) => {
  const res = await t.request({ method: 'GET', url: `${BASE}${query}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContactInboxList;
};

const unreadCount = async () => {
  const res = await t.request({ method: 'GET', url: `${BASE}/unread-count`, token: admin.token });
  expect(res.statusCode).toBe(200);
  return (res.json() as { unread: number }).unread;
};

const mark = (id: string, payload: unknown, user: TestUser | undefined = admin) =>
  t.request({ method: 'PATCH', url: `${BASE}/${id}`, token: user?.token, payload: payload as object });

const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'contact-message'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.createdAt));

/** Waits until `count` statements of this database wait for a row lock. */
async function waitForLockWaiters(count: number) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await t.database.pool.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Fewer than ${count} statements came to wait for the lock`);
}

async function clearInbox() {
  await t.database.db.delete(contactMessages);
}

describe('who may read the inbox', () => {
  it('refuses visitors (401) and customers (403) on every route', async () => {
    const routes = [
      { method: 'GET', url: BASE },
      { method: 'GET', url: `${BASE}/unread-count` },
      { method: 'PATCH', url: `${BASE}/${MISSING_ID}`, payload: { read: true } },
      { method: 'DELETE', url: `${BASE}/${MISSING_ID}` },
    ] as const;
    for (const route of routes) {
      const visitor = await t.request(route);
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      const customer = await t.request({ ...route, token: shopper.token });
      expect(customer.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('messages from the Contact page', () => {
  let messages: ContactMessageDto[];

  it('appear newest first, unread, with the unread count', async () => {
    await clearInbox();
    await sendContact('Kiran', 'kiran@example.com', 'Do you ship to Leh?');
    await sendContact('Leela', 'leela@example.com', 'Is the Kochi tote waterproof?');
    await sendContact('Manoj', 'manoj@example.com', 'Can I return a gift?\nIt was the wrong colour.');

    const page = await inbox();
    messages = page.messages;
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1, unread: 3 });
    expect(messages.map((m) => m.name)).toEqual(['Manoj', 'Leela', 'Kiran']);
    expect(messages[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Manoj',
      email: 'manoj@example.com',
      message: 'Can I return a gift?\nIt was the wrong colour.',
      createdAt: expect.any(String),
      read: false,
    });
    expect(Date.now() - Date.parse(messages[0]?.createdAt ?? '')).toBeLessThan(60_000);
    expect(await unreadCount()).toBe(3);
  });

  it('are marked read and unread again, with one audit entry per real change', async () => {
    const kiran = messages[2] as ContactMessageDto;

    const opened = await mark(kiran.id, { read: true });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ ...kiran, read: true });
    expect(await unreadCount()).toBe(2);

    const [entry, ...more] = await auditOf(kiran.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      adminId: admin.id,
      kind: 'contact-message',
      action: 'mark-read',
      summary: 'Message from kiran@example.com',
      before: { read: false },
      after: { read: true },
    });

    // Opening it again changes nothing and records nothing.
    const again = await mark(kiran.id, { read: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().read).toBe(true);
    expect(await auditOf(kiran.id)).toHaveLength(1);

    const listed = await inbox();
    expect(listed.unread).toBe(2);
    expect(listed.messages.map((m) => [m.name, m.read])).toEqual([
      ['Manoj', false],
      ['Leela', false],
      ['Kiran', true],
    ]);

    const unread = await mark(kiran.id, { read: false });
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toEqual({ ...kiran, read: false });
    expect(await unreadCount()).toBe(3);
    const entries = await auditOf(kiran.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['mark-read', { read: false }, { read: true }],
      ['mark-unread', { read: true }, { read: false }],
    ]);
    expect((await mark(kiran.id, { read: false })).statusCode).toBe(200);
    expect(await auditOf(kiran.id)).toHaveLength(2);
  });

  it('record one change when two administrators open the same message at once', async () => {
    const leela = messages[1] as ContactMessageDto;
    const other = await createUser(t, { isAdmin: true });
    // Hold the row, so both marks are surely under way before either can go on.
    const holder = await t.database.pool.connect();
    let answers: Awaited<ReturnType<typeof mark>>[];
    try {
      await holder.query('begin');
      await holder.query('select id from contact_messages where id = $1 for update', [leela.id]);
      const pending = Promise.all([mark(leela.id, { read: true }), mark(leela.id, { read: true }, other)]);
      await waitForLockWaiters(2);
      await holder.query('commit');
      answers = await pending;
    } finally {
      holder.release();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().read)).toEqual([true, true]);
    expect(await auditOf(leela.id)).toHaveLength(1);
    expect(await unreadCount()).toBe(2);
  });

  it('filter by unread and read', async () => {
    const unread = await inbox('?status=unread');
    expect(unread.messages.map((m) => m.name)).toEqual(['Manoj', 'Kiran']);
    expect(unread).toMatchObject({ total: 2, pages: 1, unread: 2 });
    const read = await inbox('?status=read');
    expect(read.messages.map((m) => m.name)).toEqual(['Leela']);
    expect(read).toMatchObject({ total: 1, pages: 1, unread: 2 });
    const all = await inbox('?status=all&page=1');
    expect(all.total).toBe(3);
  });

  it('can be deleted, once, with the message kept in the audit entry', async () => {
    const manoj = messages[0] as ContactMessageDto;
    const res = await t.request({ method: 'DELETE', url: `${BASE}/${manoj.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message deleted' });
    expect((await inbox()).messages.map((m) => m.name)).toEqual(['Leela', 'Kiran']);
    expect(await unreadCount()).toBe(1);
    const [entry, ...more] = await auditOf(manoj.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      adminId: admin.id,
      action: 'delete',
      summary: 'Message from manoj@example.com',
      before: { ...manoj, read: false },
      after: null,
    });

    const twice = await t.request({ method: 'DELETE', url: `${BASE}/${manoj.id}`, token: admin.token });
    expect(twice.statusCode).toBe(404);
    expect(await auditOf(manoj.id)).toHaveLength(1);
  });
});

describe('pages', () => {
  it('holds ten messages each, newest first, per filter', async () => {
    await clearInbox();
    const start = Date.parse('2025-03-01T04:30:00Z');
    // 23 messages a minute apart; every third one (0, 3, …, 21) read: 8 read, 15 unread.
    await t.database.db.insert(contactMessages).values(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        message: `Message number ${i}`,
        createdAt: new Date(start + i * 60_000),
        readAt: i % 3 === 0 ? new Date(start + i * 60_000 + 1000) : null,
      })),
    );
    const names = (page: ContactInboxList) => page.messages.map((m) => Number(m.name.replace('Sender ', '')));

    const first = await inbox();
    expect(first).toMatchObject({ total: 23, page: 1, pages: 3, unread: 15 });
    expect(names(first)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
    expect(first.messages[0]?.createdAt).toBe(new Date(start + 22 * 60_000).toISOString());
    expect(names(await inbox('?page=2'))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(names(await inbox('?page=3'))).toEqual([2, 1, 0]);
    const beyond = await inbox('?page=4');
    expect(beyond).toMatchObject({ messages: [], total: 23, page: 4, pages: 3 });

    const unread = await inbox('?status=unread');
    expect(unread).toMatchObject({ total: 15, pages: 2, unread: 15 });
    expect(names(unread)).toEqual([22, 20, 19, 17, 16, 14, 13, 11, 10, 8]);
    expect(names(await inbox('?status=unread&page=2'))).toEqual([7, 5, 4, 2, 1]);

    const read = await inbox('?status=read');
    expect(read).toMatchObject({ total: 8, pages: 1, unread: 15 });
    expect(names(read)).toEqual([21, 18, 15, 12, 9, 6, 3, 0]);
    expect(read.messages.every((m) => m.read)).toBe(true);
  });

  it('an empty inbox has one empty page', async () => {
    await clearInbox();
    expect(await inbox()).toEqual({ messages: [], total: 0, page: 1, pages: 1, unread: 0 });
    expect(await unreadCount()).toBe(0);
  });
});

describe('bad requests', () => {
  it('refuses a bad filter, page or extra query field, field by field', async () => {
    const get = (query: string) => t.request({ method: 'GET', url: `${BASE}${query}`, token: admin.token });
    const status = await get('?status=new');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ code: 'VALIDATION', fields: { status: 'Choose all, unread or read' } });
    for (const page of ['0', 'abc', '1.5', '-2']) {
      const res = await get(`?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().fields, page).toEqual({ page: 'Page must be a whole number from 1' });
    }
    const extra = await get('?status=all&sort=oldest');
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ sort: "Unknown field 'sort'" });
  });

  it('refuses a mark without a true or false read, or with anything else', async () => {
    await sendContact('Nila', 'nila@example.com', 'Hello');
    const [{ id }] = (await inbox()).messages as [ContactMessageDto];
    const readRequired = { read: 'Say whether the message is read (true or false)' };
    for (const payload of [{}, { read: 'yes' }, { read: 1 }, { read: null }]) {
      const res = await mark(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(readRequired);
    }
    const extra = await mark(id, { read: true, email: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ email: "Unknown field 'email'" });
    const none = await t.request({ method: 'PATCH', url: `${BASE}/${id}`, token: admin.token });
    expect(none.statusCode).toBe(400);
    expect((await inbox()).messages[0]?.read).toBe(false);
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 with a message for an unknown or malformed id', async () => {
    for (const id of [MISSING_ID, 'not-a-message', '123']) {
      const patched = await mark(id, { read: true });
      expect(patched.statusCode, id).toBe(404);
      expect(patched.json()).toEqual({ message: 'Message not found', code: 'NOT_FOUND' });
      const deleted = await t.request({ method: 'DELETE', url: `${BASE}/${id}`, token: admin.token });
      expect(deleted.statusCode, id).toBe(404);
      expect(deleted.json().message).toBe('Message not found');
    }
  });
});
