import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { MSG } from '@bagshop/shared/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { tempDataDir } from '../test/postgres-processes.ts';
import { loadConfig } from './config.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { type RunningShop, startShop } from './server.ts';

const unavailable = { message: MSG.shopUnavailable, code: 'UNAVAILABLE' };

/** A shop on DATABASE_URL whose database server goes away and comes back on the same address. */
describe('a shop on an external database that restarts', () => {
  const serverDir = tempDataDir('external-pg');
  const shopDir = tempDataDir('external-shop');
  let server: EmbeddedDatabase | undefined;
  let shop: RunningShop | undefined;

  afterAll(async () => {
    await shop?.stop();
    await server?.stop();
    fs.rmSync(serverDir, { recursive: true, force: true });
    fs.rmSync(shopDir, { recursive: true, force: true });
  });

  it('answers 503 while the server is down and works again once it is back, without a restart', async () => {
    // An embedded PostgreSQL stands in for a database server of its own; the shop only knows its URL.
    server = await startEmbeddedPostgres(serverDir);
    const { port, url } = server;
    shop = await startShop(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: shopDir,
        DATABASE_URL: url,
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      }),
      () => {},
    );
    const base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
    const call = async (pathname: string, body?: object) => {
      const res = await fetch(base + pathname, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
    };
    expect(await call('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call('/api/category/all')).status).toBe(200);

    await server.stop();
    server = undefined;
    expect(await call('/api/health')).toEqual({ status: 503, body: unavailable, retryAfter: '5' });
    expect(await call('/api/category/all')).toEqual({ status: 503, body: unavailable, retryAfter: '5' });
    // Sign-in counts attempts in the database before anything else: the rate limit's failure is a 503 too.
    const signIn = await call('/api/user/login', { email: 'asha@example.com', password: 'Secret@123' });
    expect(signIn).toEqual({ status: 503, body: unavailable, retryAfter: '5' });

    server = await startEmbeddedPostgres(serverDir, { port });
    await eventually('the health check to pass again', async () => (await call('/api/health')).status === 200);
    expect((await call('/api/category/all')).status).toBe(200);
    expect((await call('/api/user/login', { email: 'asha@example.com', password: 'Secret@123' })).status).toBe(401);
  }, 90_000);
});
