import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The LISTEN connection of the PostgreSQL adapter (SOCKET_ADAPTER=postgres) when the database cuts it. */
describe('live events between processes when the database drops their connection', () => {
  let t: TestApp;
  // Two connections: one for the adapter's LISTEN, one for requests. A connection lost for good empties the pool.
  beforeAll(async () => {
    t = await createTestApp({ SOCKET_ADAPTER: 'postgres' }, { poolSize: 2 });
  });
  afterAll(() => t?.close());

  const listener = async () => {
    const { rows } = await t.database.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
    );
    return rows[0]?.pid;
  };

  it('the process lives on, listens again, and the dead connection does not keep a place in the pool', async () => {
    await eventually('the adapter to listen', async () => (await listener()) !== undefined);
    const first = await listener();
    await t.database.pool.query('select pg_terminate_backend($1)', [first]);

    await eventually('the adapter to listen on a new connection', async () => {
      const pid = await listener();
      return pid !== undefined && pid !== first;
    });
    expect(t.database.pool.totalCount).toBeLessThanOrEqual(2);
    const res = await t.request({ method: 'GET', url: '/api/category/all' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
