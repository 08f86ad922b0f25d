import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A statement written in SQL, for what drizzle's builders cannot write in one statement (an insert from a select of
 * some of the table's columns, say), prepared by name on each pooled connection as pg does with a named query: built
 * and planned once (docs/decisions/021-order-hot-path.md). Run with the values of its placeholders, it answers its rows
 * with the names PostgreSQL gives their columns.
 */
export function preparedStatement<Row extends pg.QueryResultRow>(name: string, statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const { $client: pool } = db as Db & { $client: pg.Pool };
    const result = await pool.query<Row>({ name, text, values: fillPlaceholders(params, values) });
    return result.rows;
  };
}
