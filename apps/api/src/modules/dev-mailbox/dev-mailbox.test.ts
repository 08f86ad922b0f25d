import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('development mailbox', () => {
  let dev: TestApp;
  let withSmtp: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ SMTP_URL: '' });
    withSmtp = await createTestApp();
    production = await createTestApp({ SMTP_URL: '', NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await dev.close();
    await withSmtp.close();
    await production.close();
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

  it('does not exist when real SMTP is configured or in production', async () => {
    expect((await withSmtp.request({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await withSmtp.request({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    expect((await production.request({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
  });
});
