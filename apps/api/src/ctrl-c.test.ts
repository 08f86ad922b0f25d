import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stopLeftoverPostgres, tempDataDir } from '../test/postgres-processes.ts';
import { clusterDir } from './db/embedded.ts';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

describe('Ctrl-C in the terminal that runs the shop', () => {
  const dataDir = tempDataDir('ctrl-c');
  let shop: ChildProcess | undefined;

  afterAll(async () => {
    if (shop && !exited(shop)) shop.kill('SIGKILL');
    await stopLeftoverPostgres(clusterDir(dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes the shop and its embedded PostgreSQL without an error or a stack in the log', async () => {
    // A process group of its own, as a terminal gives `npm start`: Ctrl-C sends SIGINT to the whole group, so the
    // embedded PostgreSQL gets it at the same moment as the shop and ends its connections at once.
    shop = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: '0',
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const child = shop;
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('Bag Shop is open at')) {
          clearInterval(timer);
          resolve();
        } else if (exited(child)) {
          clearInterval(timer);
          reject(new Error(`the shop exited at start:\n${output}`));
        }
      }, 100);
    });
    // The mail worker holds its LISTEN connection and the jobs have started: the database is in use.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const opened = output.length;
    process.kill(-(child.pid as number), 'SIGINT');
    expect(await exit).toBe(0);
    const closing = output.slice(opened);
    expect(closing).toContain('SIGINT: closing the shop…');
    expect(closing).not.toMatch(/"level":(50|60)/);
    expect(closing).not.toMatch(/\n\s+at /);
  });
});
