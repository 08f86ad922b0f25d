import type { Db } from './client.ts';

/**
 * `build` run once per database handle, its result kept with the handle: for queries built once and prepared on each
 * connection, since building a query with its joins costs more than running it (docs/decisions/021-order-hot-path.md).
 */
export function builtOncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
