import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { flushRequestLines, lazyRequestLogger, requestLogOptions } from './request-log.ts';

interface LogLine {
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

describe('the request log (docs/decisions/024-bench-and-request-logs.md)', () => {
  const lines: string[] = [];
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-request-log-web-'));
  let t: TestApp;
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bag Shop</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(
      { WEB_DIST: webDist },
      { logger: requestLogOptions('info', { write: (l: string) => lines.push(l) }) },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  /** Request lines gather before they leave (see the last test): these tests ask for them at once. */
  const written = async (): Promise<string[]> => {
    flushRequestLines(t.app.log);
    return lines.join('').split('\n').filter(Boolean);
  };
  const parsed = async (): Promise<LogLine[]> => (await written()).map((line) => JSON.parse(line));

  it('writes exactly one compact line per API request: method, path, status, time and request id', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    const shopPage = await t.request({ method: 'GET', url: '/api/products/shop-products?page=2&keyword=tote' });
    expect(health.statusCode).toBe(200);
    expect(shopPage.statusCode).toBe(200);

    const logged = await parsed();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    expect(logged[1]).toMatchObject({ method: 'GET', path: '/api/products/shop-products', status: 200 });
    for (const line of logged) {
      expect(typeof line.ms).toBe('number');
      expect(line.reqId).toEqual(expect.any(String));
      expect(Object.keys(line)).not.toContain('req');
      expect(Object.keys(line)).not.toContain('res');
    }
    expect(logged[0].reqId).not.toBe(logged[1].reqId);
  });

  it('writes the line pino itself writes for those fields', async () => {
    const first = await t.request({ method: 'GET', url: '/api/health' });
    const second = await t.request({ method: 'GET', url: '/api/category/all?unknown=1' });
    const [one, two] = await written();
    const byPino: string[] = [];
    const shop = pino({ level: 'info' }, { write: (line: string) => byPino.push(line) });
    const { reqId, method, path, status, ms } = JSON.parse(one) as Required<LogLine>;
    shop.info({ reqId, method, path, status, ms });
    const withoutTime = (line: string) => line.replace(/"time":\d+,/, '').replace(/"pid":\d+/, '"pid":0');
    expect(withoutTime(one)).toBe(withoutTime(byPino[0].trimEnd()));
    expect(JSON.parse(one)).toMatchObject({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      path: '/api/health',
    });
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(two)).toMatchObject({ path: '/api/category/all', status: second.statusCode });
  });

  it('writes nothing for the web app, its assets, uploaded pictures or the favicon', async () => {
    const files = ['/', '/shop-products?page=2', '/cart', '/assets/index-abc123.js', '/favicon.svg'];
    for (const url of files) expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/uploads/products/missing.webp' })).statusCode).toBe(404);
    // A product that is not there is the web app's 404 page.
    expect((await t.request({ method: 'GET', url: '/details/abc' })).statusCode).toBe(404);
    expect(await written()).toEqual([]);
  });

  it('logs a write to a path outside the API, as no browser of the shop sends one', async () => {
    expect((await t.request({ method: 'POST', url: '/wp-login.php', payload: {} })).statusCode).toBe(404);
    expect(await parsed()).toEqual([expect.objectContaining({ method: 'POST', path: '/wp-login.php', status: 404 })]);
  });

  it('never writes a password, token, code, query string or header', async () => {
    const user = await createUser(t, { password: 'Kept@Secret42' });
    const login = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: 'Kept@Secret42' },
    });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = login.json();
    await t.request({ method: 'GET', url: '/api/user/account', token, headers: { cookie: 'session=COOKIE-99' } });
    await t.request({ method: 'POST', url: '/api/user/auth/refresh', payload: { refreshToken } });
    await t.request({ method: 'GET', url: '/api/user/auth/google?code=ONE-TIME-CODE-77&state=STATE-88' });
    await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'New Person',
        email: 'new@example.com',
        phone: '9876543210',
        password: 'Fresh@Pass99',
        confirmPassword: 'Fresh@Pass99',
      },
    });

    const logged = await parsed();
    expect(logged.map((l) => l.path)).toEqual([
      '/api/user/login',
      '/api/user/account',
      '/api/user/auth/refresh',
      '/api/user/auth/google',
      '/api/user/register',
    ]);
    const log = (await written()).join('\n');
    expect(log).not.toMatch(/authorization|cookie|user-agent|headers/i);
    for (const secret of [
      'Kept@Secret42',
      'Fresh@Pass99',
      token,
      refreshToken,
      'COOKIE-99',
      'ONE-TIME-CODE-77',
      'STATE-88',
      user.email,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('gathers the lines of many requests into a few writes, which leave by themselves', async () => {
    const requests = 500;
    const answers = await Promise.all(
      Array.from({ length: requests }, () => t.request({ method: 'GET', url: '/api/health' })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Nothing asks for them: they leave a tenth of a second after the first line, or once 64 KB gathered.
    await vi.waitFor(() => expect(lines.join('').split('\n').filter(Boolean)).toHaveLength(requests), {
      timeout: 5000,
    });
    expect(lines.length).toBeLessThan(requests / 10);
  });

  it('binds the request id to anything else a request logs, making that logger only when it is used', () => {
    const written: string[] = [];
    const shop = pino({ level: 'info' }, { write: (line: string) => written.push(line) });
    let made = 0;
    const parent = {
      child: (bindings: pino.Bindings, options: pino.ChildLoggerOptions) => {
        made++;
        return shop.child(bindings, options);
      },
    } as unknown as FastifyBaseLogger;
    const log = lazyRequestLogger(parent, { reqId: 'req-7' }, {});
    expect(made).toBe(0);
    log.warn({ reason: 'timeout' }, 'database unavailable');
    log.error('unhandled error');
    log.debug('below the level');
    expect(made).toBe(1);
    expect(written.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-7', reason: 'timeout', msg: 'database unavailable' }),
      expect.objectContaining({ level: 50, reqId: 'req-7', msg: 'unhandled error' }),
    ]);
  });
});
