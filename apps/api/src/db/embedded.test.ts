import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.resolve(here, '../../test/fixtures/start-and-hang.ts');

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-embedded-'));
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts again after the process that owned it was killed with SIGKILL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const firstUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    await query(firstUrl, 'create table survived (id int); insert into survived values (42)');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const orphanPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow();

    const again = await startEmbeddedPostgres(dataDir);
    try {
      expect(await query(again.url, 'select id from survived')).toEqual([{ id: 42 }]);
      expect(() => process.kill(orphanPid, 0)).toThrow();
    } finally {
      await again.stop();
    }
  }, 60_000);
});
