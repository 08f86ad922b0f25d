import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { documentSeries, upgradeFigures, walletsOffLedger } from '../test/shop-figures.ts';
import { loadConfig } from './config.ts';
import { restoreBackup } from './modules/backups/service.ts';

// A backup made by the previous release restores and migrates on this code (docs/decisions/044-backups-and-recovery.md).
// The fixture and its figures come from scripts/make-upgrade-fixture.sh run on the tagged release.
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/upgrade');
const PREVIOUS = 'v1.29.0';

describe(`a backup of ${PREVIOUS}`, () => {
  const name = `u_${crypto.randomBytes(6).toString('hex')}`;
  const adminUrl = () => withDatabase(inject('templateDatabaseUrl'), 'postgres');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    url = withDatabase(inject('templateDatabaseUrl'), name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-upgrade-'));
  });

  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restores into an empty database, migrates to this version and keeps every figure', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const report = await restoreBackup(config, {
      file: path.join(FIXTURES, `${PREVIOUS}.tar.gz`),
      say: (line) => lines.push(line),
    });
    expect(lines.join('\n')).toMatch(/Migrating from 0024_gst_on_what_is_paid to \d{4}_\w+/);

    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${PREVIOUS}.figures.json`), 'utf8'));
    expect(await upgradeFigures(url)).toEqual(expected);
    expect(report).toMatchObject({ orders: expected.orders, users: expected.users, invoices: expected.invoices });
    expect(await walletsOffLedger(url)).toEqual([]);
    for (const serials of (await documentSeries(url)).values()) expect(serials).toEqual(serials.map((_, i) => i + 1));

    // The dashboard's rollup, kept as the release left it, is what a rebuild from the migrated orders gives.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rollup =
        'select count(*)::int as days, sum(gross_paise)::text as gross, sum(tax_paise)::text as tax, sum(net_paise)::text as net, sum(refunded_paise)::text as refunded from sales_rollup';
      const kept = (await client.query(rollup)).rows[0];
      expect(kept.days).toBeGreaterThan(0);
      await client.query('select rebuild_sales_rollup()');
      expect((await client.query(rollup)).rows[0]).toEqual(kept);
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(
        fs.readFileSync(path.resolve(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  }, 120_000);
});
