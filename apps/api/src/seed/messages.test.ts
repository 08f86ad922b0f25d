import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { seedMessages } from './messages.ts';

describe('demo inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills an empty inbox once, newest first with two unread', async () => {
    expect(await seedMessages(t.database.db)).toBe(true);
    expect(await seedMessages(t.database.db)).toBe(false);
    const { token } = await createUser(t, { isAdmin: true });
    const res = await t.request({ method: 'GET', url: '/api/user/admin/contact-messages', token });
    const inbox = res.json() as { messages: { name: string; read: boolean }[]; unread: number };
    expect(inbox.messages.map((m) => [m.name, m.read])).toEqual([
      ['Priya Nair', false],
      ['Rahul Verma', false],
      ['Meera Iyer', true],
    ]);
    expect(inbox.unread).toBe(2);
  });
});
