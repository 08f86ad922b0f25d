import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Db = NodePgDatabase;
/** A transaction handle; services pass it down so one unit of work stays in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** While the database is down a request gives up after this long (and is answered 503) instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * How close a word of the names must be to a word typed for the shop's typo search (`<%`, answered by the trigram
 * index of the names' words): pg_trgm takes it from the session, so every connection starts with it. At 0.4
 * "bakcpack" finds "backpack" (0.42; pg_trgm's default 0.6 does not) and "handbga" finds "handbag" (0.63)
 * (docs/decisions/048-search-that-forgives.md and its amendment of 2026-12-03).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // A connection cut by the server (PostgreSQL stopped, crashed or restarted) must never end the process: the
  // pool reports an idle one here, and a connection in use emits its error on the client, where nothing else
  // listens while a transaction or a LISTEN holds it. The query that was running fails and is answered 503; the
  // pool drops the broken connection and opens a new one on the next request.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool);
  return { db, pool, close: () => pool.end() };
}

/** Key of the advisory lock that lets one shop process at a time migrate a database. */
const MIGRATION_LOCK = 1_730_300;

/**
 * Applies the migrations not yet applied. Several shop processes starting at once on one database take turns
 * (an advisory lock held on a connection of its own while the pool migrates): the first applies them, the others
 * then find nothing to do.
 */
export async function runMigrations(db: Db, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  // connectDatabase builds every Db on a pg.Pool: the lock's connection takes the same settings.
  const { $client: pool } = db as Db & { $client: pg.Pool };
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}
