import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, MIGRATIONS_DIR, runMigrations } from '../../db/client.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The migration a dump was taken at, by the time drizzle recorded for it; null when this code does not know it. */
export function migrationAt(when: number): JournalEntry | null {
  return journal().find((entry) => entry.when === when) ?? null;
}

/** The newest migration this code knows. */
export function latestMigration(): JournalEntry {
  const entries = journal();
  const last = entries[entries.length - 1];
  if (!last) throw new Error('No migrations found');
  return last;
}

/**
 * Brings an empty database's schema to exactly the migration a backup was taken at, so the backup's rows fit the
 * tables as they were; the ordinary start then migrates it forward like any older shop (and any data a later
 * migration rewrites is rewritten as it would have been).
 */
export async function migrateTo(db: Db, target: JournalEntry): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-migrations-'));
  try {
    const entries = journal().filter((entry) => entry.idx <= target.idx);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    for (const entry of entries) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await runMigrations(db, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
