import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

interface Connection {
  db: Db;
  prepared: Map<unknown, unknown>;
}

const connections = new WeakMap<pg.PoolClient, Connection>();

/**
 * Runs `work` in a transaction whose queries were built once and prepared on each pooled connection. Building a query
 * with its joins costs more than running it, and a transaction cannot use a query prepared on the pool (that one
 * runs on any connection), so the queries are kept per connection.
 */
export async function transactionWithPrepared<Q, T>(
  db: Db,
  prepare: (connection: Db) => Q,
  work: (tx: Tx, queries: Q) => Promise<T>,
): Promise<T> {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    let connection = connections.get(client);
    if (!connection) {
      connection = { db: drizzle(client), prepared: new Map() };
      connections.set(client, connection);
    }
    let queries = connection.prepared.get(prepare) as Q | undefined;
    if (!queries) {
      queries = prepare(connection.db);
      connection.prepared.set(prepare, queries);
    }
    const ready = queries;
    return await connection.db.transaction((tx) => work(tx, ready));
  } finally {
    client.release();
  }
}
