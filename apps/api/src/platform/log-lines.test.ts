import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { contactMessages } from '../db/schema/messages.ts';
import { createMailTransport } from './mail.ts';
import { requestLogOptions } from './request-log.ts';

/**
 * What a visitor types never writes a line of the shop's log of its own: printed mail (no SMTP_URL) and warnings
 * keep it on one line, its line breaks and control characters escaped; in production a contact message is printed
 * as one masked notice, without its text.
 */
const FORGED = '2026-12-02T10:00:00Z INFO admin signed in';
const HOSTILE = `Hello\n${FORGED}\r\n${FORGED}\u2028${FORGED}\u2029${FORGED}\u001b[2K\u0085end\\n`;

/** The lines a log viewer would show for what was printed, one console.log call per entry. */
function viewedLines(printed: string[]): string[] {
  return printed.join('\n').split(/\r\n|[\n\r\u0085\u2028\u2029]/);
}

describe('log lines', () => {
  let production: TestApp;
  let development: TestApp;
  const printedInProduction: string[] = [];
  const printedInDevelopment: string[] = [];

  beforeAll(async () => {
    [production, development] = await Promise.all([
      createTestApp({ SMTP_URL: '', NODE_ENV: 'production' }, { mailLog: (line) => printedInProduction.push(line) }),
      createTestApp({ SMTP_URL: '', NODE_ENV: 'development' }, { mailLog: (line) => printedInDevelopment.push(line) }),
    ]);
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
  });

  it('prints a contact message in production as one masked line without its text', async () => {
    printedInProduction.length = 0;
    const res = await production.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: `Ravi\n${FORGED}`, email: 'ravi.kumar@example.in', message: HOSTILE },
    });
    expect(res.statusCode).toBe(201);
    expect(viewedLines(printedInProduction)).toEqual([
      '[mail, not sent] contact message from r***@example.in to h***@bagshop.in',
    ]);
    // The message itself is kept for the shop's inbox, as typed.
    const [kept] = await production.database.db.select().from(contactMessages);
    expect(kept.message).toBe(HOSTILE.trim());
  });

  it('prints a contact message in development whole, on one line, every break escaped', async () => {
    printedInDevelopment.length = 0;
    const res = await development.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: `Ravi\n${FORGED}`, email: 'ravi.kumar@example.in', message: HOSTILE },
    });
    expect(res.statusCode).toBe(201);
    const lines = viewedLines(printedInDevelopment);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`From: Ravi\\n${FORGED} <ravi.kumar@example.in>\\n\\nHello\\n${FORGED}\\r\\n${FORGED}`);
    expect(lines[0]).toContain(`\\u2028${FORGED}\\u2029${FORGED}\\u001b[2K\\u0085end\\\\n`);
    expect(lines[0]).not.toContain('\u001b');
  });

  it('prints a registration code mail as one line, and refuses a name that would break it', async () => {
    printedInProduction.length = 0;
    const body = {
      email: 'asha.rao@example.in',
      phone: '9876543210',
      password: 'Bagshop@123',
      confirmPassword: 'Bagshop@123',
    };
    const refused = await production.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...body, name: `Asha\n${FORGED}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(printedInProduction).toEqual([]);

    const started = await production.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...body, name: 'Asha Rao' },
    });
    expect(started.statusCode).toBe(201);
    const lines = viewedLines(printedInProduction);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[mail, not sent\] to asha\.rao@example\.in: .*: Hello Asha Rao,\\n\\nYour code .* is: \d{6}\\n/,
    );
  });

  it('prints queued shop mail whole on one line too', async () => {
    const printed: string[] = [];
    const transport = createMailTransport({ from: 'Bag Shop <shop@bagshop.local>', log: (l) => printed.push(l) });
    await transport.deliver({
      messageId: '<1@bagshop.local>',
      to: 'asha.rao@example.in',
      subject: `Your order\n${FORGED}`,
      text: `Deliver to: ${HOSTILE}`,
      attachments: [
        { filename: `invoice\n${FORGED}.pdf`, content: Buffer.from('pdf'), contentType: 'application/pdf' },
      ],
    });
    expect(viewedLines(printed)).toHaveLength(1);
    expect(printed[0]).toContain(`Your order\\n${FORGED}`);
    expect(printed[0]).toContain(`[attachment invoice\\n${FORGED}.pdf, 3 bytes]`);
  });

  it('writes a warning that quotes what someone typed as one JSON line', () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    // The options the shop's logger is made with (Fastify hands `stream` to pino as its destination).
    const { stream: _stdout, ...options } = requestLogOptions('info');
    const logger = pino(options, stream);
    logger.warn({ err: new Error(`no mail for ${HOSTILE}`) }, `contact message stored but not mailed: ${HOSTILE}`);
    const lines = viewedLines([written.replace(/\n$/, '')]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toBe(`contact message stored but not mailed: ${HOSTILE}`);
  });
});
