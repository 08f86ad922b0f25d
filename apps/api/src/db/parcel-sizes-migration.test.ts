import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { connectDatabase, type Database, MIGRATIONS_DIR, runMigrations } from './client.ts';

const PARCEL_MIGRATION = '0022_parcel_sizes';

interface JournalEntry {
  idx: number;
  tag: string;
}

/** The migrations folder as it was before the parcel columns (docs/decisions/038-parcel-sizes.md). */
function migrationsBeforeParcels(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
  const parcel = journal.entries.find((e) => e.tag === PARCEL_MIGRATION);
  if (!parcel) throw new Error(`${PARCEL_MIGRATION} is not in the journal`);
  journal.entries = journal.entries.filter((e) => e.idx < parcel.idx);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0022: parcel sizes of the products already in the shop', () => {
  const name = `p_${crypto.randomBytes(6).toString('hex')}`;
  const serverUrl = withDatabase(inject('templateDatabaseUrl'), 'postgres');
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  let database: Database;
  let before: string;
  beforeAll(async () => {
    await run(`create database ${name} template template0`);
    database = connectDatabase(withDatabase(serverUrl, name), 2);
    before = migrationsBeforeParcels();
  });
  afterAll(async () => {
    await database?.close();
    await run(`drop database if exists ${name} with (force)`);
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('gives every product the default parcel, or the sides its size reads as, rounded up within 1 to 200 cm', async () => {
    await migrate(database.db, { migrationsFolder: before });
    const { pool } = database;
    const {
      rows: [category],
    } = await pool.query(`insert into categories (name) values ('Totes') returning id`);
    const sizes = {
      plain: '30Lx12Bx40Hcm',
      decimals: '10.2Lx2.5Bx7Hcm',
      outOfRange: '250Lx0Bx0.4Hcm',
      free: 'One size',
      spaced: '30 x 12 x 40 cm',
    };
    for (const [key, size] of Object.entries(sizes)) {
      await pool.query(
        `insert into products (name, description, price_paise, category_id, quantity, brand, color, size)
         values ($1, 'A bag', 99900, $2, 3, 'Baggit', 'Black', $3)`,
        [key, category.id, size],
      );
    }

    await runMigrations(database.db);

    const { rows } = await pool.query(
      'select name, weight_grams, length_cm, breadth_cm, height_cm from products order by name',
    );
    const parcels = Object.fromEntries(
      rows.map((r) => [r.name, [r.weight_grams, r.length_cm, r.breadth_cm, r.height_cm]]),
    );
    expect(parcels).toEqual({
      plain: [500, 30, 12, 40],
      decimals: [500, 11, 3, 7],
      outOfRange: [500, 200, 1, 1],
      free: [500, 30, 20, 10],
      spaced: [500, 30, 20, 10],
    });
    // The new columns refuse figures out of range.
    await expect(pool.query(`update products set weight_grams = 30001 where name = 'plain'`)).rejects.toThrow(
      /products_weight_range/,
    );
    await expect(pool.query(`update products set height_cm = 0 where name = 'plain'`)).rejects.toThrow(
      /products_parcel_range/,
    );
  });
});
