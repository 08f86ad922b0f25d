// A throw-away database for one bench run, and short SQL helpers for the runner.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

export interface BenchDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** A database of its own: a new one on DATABASE_URL's server (dropped afterwards), else an embedded server. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bench-'));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir, { database: 'bagshop_bench' });
    return {
      url: embedded.url,
      stop: async () => {
        await embedded.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bagshop_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One statement on a connection of its own. */
export async function sql<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
