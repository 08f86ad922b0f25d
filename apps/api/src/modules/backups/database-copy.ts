import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openSession } from './session.ts';

/** One table of the dump: its columns in the order the file holds them, and how many rows it holds. */
export interface DumpedTable {
  name: string;
  columns: string[];
  rows: number;
  /** The part's path inside the backup, e.g. `db/tables/orders.copy`. */
  part: string;
}

export interface DumpedSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface DatabaseDump {
  /** The one row `countsSql` answered inside the snapshot. */
  counts: Record<string, number>;
  tables: DumpedTable[];
  sequences: DumpedSequence[];
  /** The newest applied migration's `created_at` (drizzle keeps the migration's journal time there). */
  migrationWhen: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables worked out from others by triggers, left out of a dump: loading their sources fires those triggers, which
 * fill them again. `search_words` counts the words of the names of the products for sale (migration 0032,
 * docs/decisions/048-search-that-forgives.md, amendment of 2026-12-03); loaded as well, every word would count twice.
 * `rto_items` holds the items that left the shop, worked out from order items, orders and parcels (migration 0034,
 * docs/decisions/041-rto-rate.md, amendment of 2026-12-03).
 */
const DERIVED_TABLES = ['search_words', 'rto_items'];

/**
 * Copies every table of the shop's schema to `<dir>/db/tables/*.copy` (PostgreSQL's COPY text format) inside one
 * read-only repeatable-read transaction: every table is read as of the same instant, however many orders are
 * committed meanwhile (docs/decisions/044-backups-and-recovery.md). Sequences are not transactional, so their values
 * are read after the tables and can only be ahead of the rows: a restored sequence never hands out a used value.
 */
export async function dumpDatabase(url: string, dir: string, countsSql: string): Promise<DatabaseDump> {
  const client = await openSession(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const migration = await client.query<{ when: string }>(
      'select max(created_at)::text as when from drizzle.__drizzle_migrations',
    );
    const tables = await client.query<{ name: string; columns: string[] }>(
      `
      select c.relname as name,
             array_agg(a.attname::text order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> all($1::text[])
       group by c.relname
       order by c.relname`,
      [DERIVED_TABLES],
    );
    fs.mkdirSync(path.join(dir, 'db', 'tables'), { recursive: true });
    const dumped: DumpedTable[] = [];
    for (const table of tables.rows) {
      const part = `db/tables/${table.name}.copy`;
      const columns = table.columns.map(quote).join(', ');
      let rows = 0;
      const stream = client.query(copyTo(`copy ${quote(table.name)} (${columns}) to stdout`));
      stream.on('data', (chunk: Buffer) => {
        // The text format writes one line per row; newlines inside values are escaped as \n.
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      });
      await pipeline(stream, fs.createWriteStream(path.join(dir, part)));
      dumped.push({ name: table.name, columns: table.columns, rows, part });
    }
    const sequenceNames = await client.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`);
    const sequences: DumpedSequence[] = [];
    for (const { name } of sequenceNames.rows) {
      const value = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${quote(name)}`,
      );
      const row = value.rows[0];
      if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
    }
    const counts = await client.query<Record<string, string>>(countsSql);
    await client.query('commit');
    const countRow = Object.fromEntries(Object.entries(counts.rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
    return { counts: countRow, tables: dumped, sequences, migrationWhen: Number(migration.rows[0]?.when ?? 0) };
  } finally {
    await client.end();
  }
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function tablesInKeyOrder(client: pg.Client, names: string[]): Promise<string[]> {
  const keys = await client.query<{ child: string; parent: string }>(`
    select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`);
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of keys.rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0)
      throw new Error('The tables\u2019 foreign keys form a cycle; they cannot be loaded in order');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * Loads a dump into a database whose schema is at the dump's migration (see migrate-to.ts), in one transaction:
 * tables parents first, then the sequences. Any error leaves the database as it was.
 */
export async function loadDatabase(url: string, dir: string, dump: Pick<DatabaseDump, 'tables' | 'sequences'>) {
  const client = await openSession(url);
  try {
    await client.query('begin');
    const byName = new Map(dump.tables.map((table) => [table.name, table]));
    for (const name of await tablesInKeyOrder(client, [...byName.keys()])) {
      const table = byName.get(name);
      if (!table) continue;
      const columns = table.columns.map(quote).join(', ');
      const sink = client.query(copyFrom(`copy ${quote(table.name)} (${columns}) from stdin`));
      await pipeline(fs.createReadStream(path.join(dir, table.part)), sink);
    }
    for (const sequence of dump.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quote(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Whether a database holds nothing of a shop yet (no table in its public schema, no migration applied). */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = await openSession(url);
  try {
    const found = await client.query(`
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') limit 1`);
    return found.rowCount === 0;
  } finally {
    await client.end();
  }
}

/**
 * Moves a database's shop aside (its schemas renamed `replaced_<stamp>_…`) and leaves an empty public schema, so
 * `restore --force` never destroys what it replaces.
 */
export async function setDatabaseAside(url: string, stamp: string): Promise<string> {
  const client = await openSession(url);
  try {
    await client.query('begin');
    const aside = `replaced_${stamp}`;
    await client.query(`alter schema public rename to ${quote(`${aside}_public`)}`);
    const drizzle = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    if (drizzle.rowCount) await client.query(`alter schema drizzle rename to ${quote(`${aside}_drizzle`)}`);
    await client.query('create schema public');
    await client.query('commit');
    return aside;
  } finally {
    await client.end();
  }
}
