import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { connectDatabase, type Database, runMigrations } from './client.ts';

describe('migrations when several shop processes start at once', () => {
  const name = `m_${crypto.randomBytes(6).toString('hex')}`;
  const serverUrl = withDatabase(inject('templateDatabaseUrl'), 'postgres');
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  let processes: Database[] = [];
  beforeAll(async () => {
    await run(`create database ${name} template template0`);
    processes = [1, 2, 3].map(() => connectDatabase(withDatabase(serverUrl, name), 3));
  });
  afterAll(async () => {
    for (const database of processes) await database.close();
    await run(`drop database if exists ${name} with (force)`);
  });

  it('migrates an empty database once, whichever process comes first', async () => {
    await Promise.all(processes.map((database) => runMigrations(database.db)));
    const applied = await processes[0].pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const files = await processes[0].pool.query(
      "select count(*)::int as n from pg_tables where tablename = 'job_runs'",
    );
    expect(applied.rows[0].n).toBeGreaterThan(10);
    expect(files.rows[0].n).toBe(1);
  });
});
