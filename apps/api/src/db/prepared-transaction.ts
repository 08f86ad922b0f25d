import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

interface Connection {
  db: Db;
  /** The handle of a transaction on this connection (it holds nothing of one transaction). */
  tx: Tx;
  prepared: Map<unknown, unknown>;
}

const dialect = new PgDialect();

const connections = new WeakMap<pg.PoolClient, Connection>();

/**
 * Ends the transaction with its last statement and the COMMIT in one message to PostgreSQL, which commits the moment
 * the statement succeeds, without waiting for this process to read the statement's answer and ask for the commit: the
 * row locks the statement takes are held for the statement and the commit alone, however busy this process is
 * (docs/decisions/021-order-hot-path.md). A message of several statements takes no parameters, so the values are
 * written into it as literals, escaped by pg. When the statement fails the transaction is rolled back and its error
 * thrown. Nothing may run in the transaction after it.
 */
export type CommitWith = <Row extends pg.QueryResultRow>(
  statement: SQL,
  values: Record<string, unknown>,
) => Promise<Row[]>;

const renderedStatements = new WeakMap<SQL, { sql: string; params: unknown[] }>();

/** A value as a literal: arrays as PostgreSQL array literals (every element quoted), null as null. */
function literalOf(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const elements = value.map((element) =>
      element === null ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
    );
    return client.escapeLiteral(`{${elements.join(',')}}`);
  }
  return client.escapeLiteral(String(value));
}

function commitWithOn(client: pg.PoolClient, onSent: () => void): CommitWith {
  return async <Row extends pg.QueryResultRow>(statement: SQL, values: Record<string, unknown>) => {
    let rendered = renderedStatements.get(statement);
    if (!rendered) {
      rendered = dialect.sqlToQuery(statement);
      renderedStatements.set(statement, rendered);
    }
    const filled = fillPlaceholders(rendered.params, values);
    // The statement is the project's own text, with no `$` but its parameters' (no dollar quoting, no `$` in strings).
    const text = rendered.sql.replace(/\$(\d+)/g, (_, n: string) => literalOf(client, filled[Number(n) - 1]));
    const results = (await client.query(`${text};\ncommit`)) as unknown as pg.QueryResult<Row>[];
    // Only now: a failed statement left the transaction open (failed), to be rolled back as any other failure.
    onSent();
    return results[0].rows;
  };
}

/**
 * Runs `work` in a transaction whose queries were built once and prepared on each pooled connection. Building a query
 * with its joins costs more than running it, and a transaction cannot use a query prepared on the pool (that one
 * runs on any connection), so the queries are kept per connection. `work` may end the transaction itself with
 * `commitWith`; otherwise it is committed when `work` resolves and rolled back when it throws.
 */
export async function transactionWithPrepared<Q, T>(
  db: Db,
  prepare: (connection: Db) => Q,
  work: (tx: Tx, queries: Q, commitWith: CommitWith) => Promise<T>,
): Promise<T> {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let connection = connections.get(client);
    if (!connection) {
      connection = {
        db: drizzle(client),
        // drizzle's own transaction sends its COMMIT only after the work resolves: this one can end with commitWith.
        tx: new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined),
        prepared: new Map(),
      };
      connections.set(client, connection);
    }
    let queries = connection.prepared.get(prepare) as Q | undefined;
    if (!queries) {
      queries = prepare(connection.db);
      connection.prepared.set(prepare, queries);
    }
    let ended = false;
    const commitWith = commitWithOn(client, () => {
      ended = true;
    });
    await client.query('begin');
    try {
      const result = await work(connection.tx, queries, commitWith);
      if (!ended) await client.query('commit');
      return result;
    } catch (error) {
      if (!ended) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    }
  } finally {
    // A connection whose rollback failed is dropped, never handed to the next request mid-transaction.
    client.release(broken);
  }
}
