import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export const TEMPLATE_DB = 'bagshop_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose database is a migrated template; each test file copies it. */
    templateDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given, else an embedded server under the system
 * temp folder, started the way `npm start` starts it (as root, where the postgres user can reach it: decision 058).
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let baseUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-test-'));
  fs.chmodSync(dataDir, 0o755);
  if (!baseUrl) {
    // A throwaway cluster: commits need not reach the disk, which spares every test a flush per transaction.
    const embedded = await startEmbeddedPostgres(dataDir, { database: 'postgres', durable: false });
    baseUrl = embedded.url;
    // Below a temp folder private to root the cluster is kept under /var/lib/bagshop (clusterDir): it goes too.
    const kept = path.relative(dataDir, embedded.dataDir).startsWith('..') ? path.dirname(embedded.dataDir) : null;
    stop = async () => {
      await embedded.stop();
      if (kept) fs.rmSync(kept, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = withDatabase(baseUrl, TEMPLATE_DB);
  const database = connectDatabase(templateUrl, 1);
  await runMigrations(database.db);
  await database.close();
  project.provide('templateDatabaseUrl', templateUrl);
  return async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
