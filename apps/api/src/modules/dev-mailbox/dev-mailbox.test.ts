import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/messages.ts';
import { createMailTransport } from '../../platform/mail.ts';
import { shopMailSources } from '../../workflows/shop-mail/shop-mail.ts';
import { deliverDueMail, enqueueMail } from '../mail-outbox/service.ts';

describe('development mailbox', () => {
  let dev: TestApp;
  let withSmtp: TestApp;
  let production: TestApp;
  let testMode: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    dev = await createTestApp({ SMTP_URL: '', NODE_ENV: 'development' });
    withSmtp = await createTestApp({ NODE_ENV: 'development' });
    production = await createTestApp({ SMTP_URL: '', NODE_ENV: 'production' }, { mailLog: (l) => printed.push(l) });
    testMode = await createTestApp({ SMTP_URL: '' });
  });
  afterAll(async () => {
    await dev.close();
    await withSmtp.close();
    await production.close();
    await testMode.close();
  });

  it('keeps mail in the outbox and lists it newest first as JSON', async () => {
    const empty = await dev.request({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ messages: [] });

    for (const name of ['First', 'Second']) {
      const res = await dev.request({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email: `${name.toLowerCase()}@example.com`, message: `Hello from ${name}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await dev.request({ method: 'GET', url: '/dev/mailbox/messages' });
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: 'hello@bagshop.in',
      subject: 'New message from the Bag Shop contact form',
      text: 'From: Second <second@example.com>\n\nHello from Second',
      createdAt: expect.any(String),
    });
    expect(messages[1].text).toContain('Hello from First');
    expect(dev.mail.messages).toHaveLength(0);
  });

  it('lists queued shop mail once the worker has printed it, not before', async () => {
    const user = await createUser(dev, { name: 'Meera' });
    await dev.database.db.transaction((tx) =>
      enqueueMail(tx, `password-changed:${user.id}:dev`, { userId: user.id }, 'password-changed', {
        at: '2026-11-24T10:00:00.000Z',
      }),
    );
    const subjects = async () =>
      (await dev.request({ method: 'GET', url: '/dev/mailbox/messages' }))
        .json()
        .messages.filter((m: { to: string }) => m.to === user.email)
        .map((m: { subject: string }) => m.subject);
    expect(await subjects()).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'development', SMTP_URL: '' });
    const lines: string[] = [];
    const sent = await deliverDueMail({
      db: dev.database.db,
      transport: createMailTransport({ from: config.MAIL_FROM, log: (line) => lines.push(line) }),
      sources: shopMailSources(dev.database.db, config),
      from: config.MAIL_FROM,
      onError: (error) => {
        throw error;
      },
    });
    expect(sent).toBe(1);
    expect(lines).toEqual([expect.stringContaining(`[mail, not sent] to ${user.email}: Your password was changed`)]);
    expect(lines[0]).toContain('Hello Meera,');
    expect(await subjects()).toEqual(['Your password was changed']);
    expect(dev.mail.messages).toHaveLength(0);
  });

  it('renders the outbox as an escaped HTML page', async () => {
    await dev.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Mallory', email: 'm@example.com', message: '<script>alert("x")</script> & more' },
    });
    const res = await dev.request({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(res.body).not.toContain('<script>');
    const newest = res.body.indexOf('Mallory');
    const older = res.body.indexOf('Hello from Second');
    expect(newest).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newest);
  });

  it('does not exist when real SMTP is configured, in production or under NODE_ENV=test', async () => {
    expect((await withSmtp.request({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await withSmtp.request({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    for (const app of [production, testMode]) {
      expect((await app.request({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await app.request({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    }
  });

  it('answers only this machine, whatever X-Forwarded-For claims', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      dev.request({ method: 'GET', url: '/dev/mailbox/messages', remoteAddress, headers });
    for (const address of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await from(address)).statusCode, address).toBe(200);
    }
    for (const address of ['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      expect((await from(address, { 'x-forwarded-for': '127.0.0.1' })).statusCode, address).toBe(404);
      expect((await dev.request({ method: 'GET', url: '/dev/mailbox', remoteAddress: address })).statusCode).toBe(404);
    }
    // A proxy on this machine would bring every visitor from the loopback address: forwarded requests are refused.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
  });

  it('answers a real request over the loopback interface', async () => {
    const address = await dev.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = dev.app.server.address() as AddressInfo;
    expect(address).toBe(`http://127.0.0.1:${port}`);
    const res = await fetch(`${address}/dev/mailbox/messages`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messages: expect.any(Array) });
    const forwarded = await fetch(`${address}/dev/mailbox/messages`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.status).toBe(404);
  });

  it('in production without SMTP_URL only prints mail: nothing is kept for anyone to read', async () => {
    const res = await production.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ravi', email: 'ravi@example.com', message: 'Is the trolley bag cabin size?' },
    });
    expect(res.statusCode).toBe(201);
    // A contact message is in the inbox; the log says only that one came (platform/log-lines.test.ts).
    expect(printed).toEqual(['[mail, not sent] contact message from r***@example.com to h***@bagshop.in']);
    expect(await production.database.db.select().from(mailOutbox)).toEqual([]);
    expect(production.mail.messages).toHaveLength(0);
  });
});
