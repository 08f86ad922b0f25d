import { MSG } from '@bagshop/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health on a migrated database', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const tables = await t.database.pool.query(
      "select count(*)::int as n from information_schema.tables where table_name = 'users'",
    );
    expect(tables.rows[0].n).toBe(1);
  });

  it('answers 503 in the error shape when the database does not answer in time', async () => {
    // Every connection of the app's pool is taken, so the health query waits for one and runs out of time.
    const held = await Promise.all(
      Array.from({ length: t.database.pool.options.max }, () => t.database.pool.connect()),
    );
    try {
      const res = await t.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MSG.shopUnavailable, code: 'UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      for (const client of held) client.release();
    }
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/nowhere not found', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
