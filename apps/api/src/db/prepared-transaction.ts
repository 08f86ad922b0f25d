import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

interface Connection {
  db: Db;
  prepared: Map<unknown, unknown>;
}

/**
 * A statement written with drizzle's `sql` and `sql.placeholder`, rendered once and prepared under its name on the
 * connection the first time it runs there. For statements the query builder cannot prepare, such as a
 * data-modifying `with`; the rows come back as PostgreSQL names them.
 */
export type NamedStatement = <Row extends pg.QueryResultRow>(
  name: string,
  query: SQL,
) => (values: Record<string, unknown>) => Promise<Row[]>;

const dialect = new PgDialect();

function namedOn(client: pg.PoolClient): NamedStatement {
  return <Row extends pg.QueryResultRow>(name: string, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return async (values: Record<string, unknown>) =>
      (await client.query<Row>({ name, text, values: fillPlaceholders(params, values) })).rows;
  };
}

const connections = new WeakMap<pg.PoolClient, Connection>();

/**
 * Runs `work` in a transaction whose queries were built once and prepared on each pooled connection. Building a query
 * with its joins costs more than running it, and a transaction cannot use a query prepared on the pool (that one
 * runs on any connection), so the queries are kept per connection.
 */
export async function transactionWithPrepared<Q, T>(
  db: Db,
  prepare: (connection: Db, named: NamedStatement) => Q,
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
      queries = prepare(connection.db, namedOn(client));
      connection.prepared.set(prepare, queries);
    }
    const ready = queries;
    return await connection.db.transaction((tx) => work(tx, ready));
  } finally {
    client.release();
  }
}
