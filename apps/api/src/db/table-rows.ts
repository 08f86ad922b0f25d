import { getTableColumns, sql, type Table } from 'drizzle-orm';

/**
 * A row of `table` as PostgreSQL answered it to a statement drizzle did not build (one of several sent in one message,
 * see `CommitWith`), named and typed as drizzle names and types that table's rows.
 */
export function tableRowOf<T extends Table>(table: T, answered: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = answered[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A column's bare name, for the column list of an insert written in SQL. */
export const columnName = (column: { name: string }) => sql.identifier(column.name);
