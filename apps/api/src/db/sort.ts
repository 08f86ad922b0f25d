import type { SortDirection } from '@bagshop/shared/schemas/admin-lists';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Text sorts letter by letter, ignoring case, the same on every server whatever its locale. */
export function textKey(column: AnyPgColumn | SQL): SQL {
  return sql`lower(${column}) collate "C"`;
}

/** ORDER BY the chosen key, then the id in the same direction, so pages never repeat or skip a row. */
export function orderWithId(key: AnyPgColumn | SQL, id: AnyPgColumn, dir: SortDirection): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  return [by(key), by(id)];
}
