import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pidAlive } from '../src/db/local-processes.ts';
import { eventually } from './eventually.ts';

/** Test support for tests that start, kill and restart PostgreSQL servers and shop processes. */

/** A data folder under the system temp folder that the `postgres` user can reach when the tests run as root. */
export function tempDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bagshop-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** The running postmaster's pid and port, from its lock file (lines 1 and 4); null when none runs. */
export function postmasterOf(cluster: string): { pid: number; port: number } | null {
  const lockFile = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return null;
  const lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** A PostgreSQL left behind by a failed run: asked to stop, then killed. */
export async function stopLeftoverPostgres(cluster: string): Promise<void> {
  const postmaster = postmasterOf(cluster);
  if (!postmaster || !pidAlive(postmaster.pid)) return;
  process.kill(postmaster.pid, 'SIGINT');
  await eventually('the leftover PostgreSQL to stop', () => !pidAlive(postmaster.pid), 10_000).catch(() =>
    process.kill(postmaster.pid, 'SIGKILL'),
  );
}
