import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contactMessages } from '../../db/schema/messages.ts';

async function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe('contact', () => {
  let t: TestApp;
  let ip = 0;
  // Each test speaks from its own address, so the per-IP limit only bites where a test means it to.
  const nextIp = () => `10.0.0.${++ip}`;
  beforeAll(async () => {
    t = await createTestApp({ STORE_EMAIL: 'owner@bagshop.in' });
  });
  afterAll(() => t.close());

  it('takes a multipart form, keeps it and mails the shop', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      ...(await form({ name: 'Kiran', email: 'kiran@example.com', message: 'Do you ship to Leh?' })),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully.' });
    const mail = await t.mail.next('owner@bagshop.in', /contact form/);
    expect(mail.text).toContain('Kiran <kiran@example.com>');
    expect(mail.text).toContain('Do you ship to Leh?');
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'kiran@example.com'));
    expect(row).toMatchObject({ name: 'Kiran', message: 'Do you ship to Leh?' });
  });

  it('takes JSON too', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'Leela', email: 'leela@example.com', message: 'Hello' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await t.mail.next('owner@bagshop.in', /contact form/);
    expect(mail.text).toContain('leela@example.com');
  });

  it('refuses missing fields and a bad email', async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      ...(await form({ name: ' ', email: '' })),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Please fill out all fields.',
      code: 'VALIDATION',
      fields: {
        name: 'Please fill out all fields.',
        email: 'Please fill out all fields.',
        message: 'Please fill out all fields.',
      },
    });
    const badEmail = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'A', email: 'not-an-email', message: 'Hi' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual({ email: 'Invalid email' });
    const extra = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'A', email: 'a@example.com', message: 'Hi', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const none = await t.request({ method: 'POST', url: '/api/contact', remoteAddress: nextIp() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please fill out all fields.');
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(2);
  });

  it('allows 5 messages per 10 minutes from one address', async () => {
    const remoteAddress = nextIp();
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/contact',
        remoteAddress,
        payload: { name: 'Spam', email: 'spam@example.com', message: 'Buy now' },
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'Real', email: 'real@example.com', message: 'Hello' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
