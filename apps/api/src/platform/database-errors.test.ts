import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectDatabase } from '../db/client.ts';
import { freePort } from '../db/local-processes.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-errors.ts';

/** Real failures from a real PostgreSQL and real sockets, sorted into "database away" and everything else. */
describe('recognizing a lost database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const failureOf = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('expected the work to fail');
  };

  it('a refused connection is an outage, through Drizzle and through a transaction', async () => {
    const nobody = connectDatabase(`postgres://postgres:x@127.0.0.1:${await freePort()}/bagshop`, 1);
    try {
      const query = await failureOf(() => nobody.db.execute(sql`select 1`));
      const transaction = await failureOf(() => nobody.db.transaction(async (tx) => tx.execute(sql`select 1`)));
      expect(isDatabaseUnavailable(query)).toBe(true);
      expect(isDatabaseUnavailable(transaction)).toBe(true);
    } finally {
      await nobody.close();
    }
  });

  it('a server that never answers the connection is an outage once the pool gives up', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const pool = new pg.Pool({
      connectionString: `postgres://postgres:x@127.0.0.1:${port}/db`,
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => {});
    try {
      const error = await failureOf(() => pool.query('select 1'));
      expect((error as Error).message).toMatch(/timeout/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it('a connection the server cuts is an outage, and so is the next use of that connection', async () => {
    const victim = await t.database.pool.connect();
    try {
      const [{ pid }] = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      const running = failureOf(() => victim.query('select pg_sleep(30)'));
      await eventually('the sleep to start', async () => {
        const sleeping = await t.database.pool.query(
          `select 1 from pg_stat_activity where pid = $1 and wait_event = 'PgSleep'`,
          [pid],
        );
        return sleeping.rowCount === 1;
      });
      await t.database.pool.query('select pg_terminate_backend($1)', [pid]);
      let cut = await running;
      expect(isDatabaseUnavailable(cut)).toBe(true);
      expect(cut).toBeInstanceOf(pg.DatabaseError);
      expect((cut as pg.DatabaseError).code).toBe('57P01');
      cut = await failureOf(() => victim.query('select 1'));
      expect(isDatabaseUnavailable(cut)).toBe(true);
    } finally {
      victim.release(true);
    }
  });

  it('a query the database refuses, and a web service that is down, are not database outages', async () => {
    const syntax = await failureOf(() => t.database.db.execute(sql`selec 1`));
    const division = await failureOf(() => t.database.db.execute(sql`select 1 / 0`));
    const port = await freePort();
    const unreachable = await failureOf(() => fetch(`http://127.0.0.1:${port}/`));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(division)).toBe(false);
    expect(isDatabaseUnavailable(unreachable)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('no answer in time'))).toBe(true);
  });
});
