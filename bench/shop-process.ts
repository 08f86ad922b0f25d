// The shop as `npm start` runs it in production, in a process of its own: the runner only talks HTTP to it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ShopProcess {
  url: string;
  /** Where the process writes its console and request log. */
  logFile: string;
  /** CPU time the process has used so far, all its threads, in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface ShopSettings {
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  port: number;
  /** LOG_LEVEL: 'info' logs every API request, 'silent' none. */
  logLevel: 'info' | 'silent';
  logFile: string;
  /** RESPONSE_CACHE: 'off' answers every catalogue read from the database (pages never seen before). */
  responseCache?: 'on' | 'off';
}

/** `node scripts/start.mjs` (it builds the web app first when apps/web/dist is missing), then waits for health. */
export async function startShopProcess(settings: ShopSettings): Promise<ShopProcess> {
  const log = fs.openSync(settings.logFile, 'a');
  // BENCH_CPU_PROF=<folder>: each shop process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(settings.port),
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl,
      JWT_SECRET: settings.jwtSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: settings.logLevel,
      RESPONSE_CACHE: settings.responseCache ?? 'on',
      // The order bench's shoppers each place hundreds of cash-on-delivery orders that never ship: the per-shopper
      // limits are raised out of their way, while their checks still run on every order
      // (docs/decisions/036-cod-and-order-limits.md).
      COD_OPEN_LIMIT: '1000000',
      ORDER_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${settings.port}`;
  await waitForHealth(url, child, settings.logFile);
  const { pid } = child;
  if (pid === undefined) throw new Error('the shop process has no pid');
  return { url, logFile: settings.logFile, cpuSeconds: () => cpuSecondsOf(pid), stop: () => stopChild(child) };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** utime + stime of /proc/<pid>/stat (the 14th and 15th fields, counted after the command name's parenthesis). */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the shop stopped at start:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the shop did not answer at ${url} within 3 minutes`);
}

/** SIGTERM (the shop closes its connections), SIGKILL if it has not gone within 20 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}
