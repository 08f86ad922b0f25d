import crypto from 'node:crypto';
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
  /** Names of the statements prepared on this connection with SQL's PREPARE, for EXECUTE in a message. */
  sqlPrepared: Set<string>;
}

const dialect = new PgDialect();

const connections = new WeakMap<pg.PoolClient, Connection>();

/**
 * Ends the transaction with its last statements and the COMMIT in one message to PostgreSQL, which commits the moment
 * they succeed, without waiting for this process to read their answers and ask for the commit: the row locks they take
 * are held for them and the commit alone, however busy this process is, and the transaction's last round trips are
 * one (docs/decisions/021-order-hot-path.md). When a statement fails the transaction is rolled back and its error
 * thrown. Answers the rows of each statement, in order. Nothing may run in the transaction after it.
 */
export type CommitWith = (
  statements: readonly SQL[],
  values?: Record<string, unknown>,
) => Promise<pg.QueryResultRow[][]>;

const renderedStatements = new WeakMap<SQL, { sql: string; params: unknown[] }>();
const namesByText = new Map<string, string>();

/** A value as a literal: arrays as PostgreSQL array literals (every element quoted), null as null. */
function literalOf(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const elements = value.map((element) =>
      element === null ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
    );
    return client.escapeLiteral(`{${elements.join(',')}}`);
  }
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  return client.escapeLiteral(String(value));
}

/**
 * The statement as an EXECUTE of itself, prepared with SQL's PREPARE on this connection the first time (one round
 * trip, once). A message of several statements takes no parameters, so the values (a statement's own, and those of
 * its placeholders) are the EXECUTE's arguments, written as literals escaped by pg; PostgreSQL plans the statement
 * once per connection, as it does a prepared query.
 */
async function executeOf(
  client: pg.PoolClient,
  connection: Connection,
  statement: SQL,
  values: Record<string, unknown>,
): Promise<string> {
  let rendered = renderedStatements.get(statement);
  if (!rendered) {
    rendered = dialect.sqlToQuery(statement);
    renderedStatements.set(statement, rendered);
  }
  let name = namesByText.get(rendered.sql);
  if (!name) {
    name = `sent_${crypto.createHash('sha1').update(rendered.sql).digest('hex').slice(0, 20)}`;
    namesByText.set(rendered.sql, name);
  }
  if (!connection.sqlPrepared.has(name)) {
    // A statement prepared with PREPARE outlives the transaction it was made in, a rolled-back one too.
    await client.query(`prepare ${name} as ${rendered.sql}`);
    connection.sqlPrepared.add(name);
  }
  const filled = fillPlaceholders(rendered.params, values);
  return filled.length
    ? `execute ${name}(${filled.map((value) => literalOf(client, value)).join(', ')})`
    : `execute ${name}`;
}

/**
 * Statements sent in one message, before the transaction goes on: a round trip for several statements whose values are
 * all known (rows written together, say). Answers the rows of each statement, in order; a failed statement fails the
 * transaction, rolled back as any other failure.
 */
export type SendTogether = CommitWith;

/** The message of `statements`, then the COMMIT when `commit`, and the rows of each statement. */
function sendOn(client: pg.PoolClient, connection: Connection, commit: boolean, onCommitted: () => void): CommitWith {
  return async (statements, values = {}) => {
    const executes: string[] = [];
    for (const statement of statements) executes.push(await executeOf(client, connection, statement, values));
    // The plan made once for every value: PostgreSQL otherwise keeps planning a statement whose generic plan it
    // estimates dearer (the stock statement's arrays), a third of a millisecond per order on these machines.
    const message = ['set local plan_cache_mode = force_generic_plan', ...executes, ...(commit ? ['commit'] : [])];
    const results = (await client.query(message.join(';\n'))) as unknown as pg.QueryResult[];
    // Only now: a failed statement left the transaction open (failed), to be rolled back as any other failure.
    if (commit) onCommitted();
    return results.slice(1, statements.length + 1).map((result) => result.rows);
  };
}

/** Statements sent in one message with the BEGIN, saving the transaction a round trip (see `CommitWith`). */
export interface Opening {
  statements: readonly SQL[];
  values: Record<string, unknown>;
}

/** What `work` gets besides the transaction and the prepared queries. */
export interface TransactionEnds {
  /** The rows of each opening statement, in order (none without an opening). */
  opened: pg.QueryResultRow[][];
  send: SendTogether;
  commitWith: CommitWith;
}

/**
 * Runs `work` in a transaction whose queries were built once and prepared on each pooled connection. Building a query
 * with its joins costs more than running it, and a transaction cannot use a query prepared on the pool (that one
 * runs on any connection), so the queries are kept per connection. `opening` statements go with the BEGIN; `work`
 * may end the transaction itself with `commitWith`; otherwise it is committed when `work` resolves and rolled back
 * when it throws.
 */
export async function transactionWithPrepared<Q, T>(
  db: Db,
  prepare: (connection: Db) => Q,
  work: (tx: Tx, queries: Q, ends: TransactionEnds) => Promise<T>,
  opening?: Opening,
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
        sqlPrepared: new Set(),
      };
      connections.set(client, connection);
    }
    let queries = connection.prepared.get(prepare) as Q | undefined;
    if (!queries) {
      queries = prepare(connection.db);
      connection.prepared.set(prepare, queries);
    }
    let ended = false;
    const commitWith = sendOn(client, connection, true, () => {
      ended = true;
    });
    const send = sendOn(client, connection, false, () => {});
    try {
      let opened: pg.QueryResultRow[][] = [];
      if (opening) {
        const executes: string[] = [];
        for (const statement of opening.statements) {
          executes.push(await executeOf(client, connection, statement, opening.values));
        }
        const results = (await client.query(['begin', ...executes].join(';\n'))) as unknown as pg.QueryResult[];
        opened = results.slice(1).map((result) => result.rows);
      } else {
        await client.query('begin');
      }
      const result = await work(connection.tx, queries, { opened, send, commitWith });
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
