import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { lastJobFinishes } from '../../platform/run-once.ts';
import { lastGoodBackup } from '../backups/service.ts';
import { outboxBacklog } from '../mail-outbox/service.ts';

/**
 * The gauges of the shop's state kept in the database, read when Prometheus scrapes (docs/decisions/045-metrics.md):
 * one cheap query each, and while the database fails or is slow the scrape still answers, without them.
 */

/** Longest a scrape waits for one of its queries; Prometheus gives up on a scrape after 10 s by default. */
const READ_TIMEOUT_MS = 2000;

/** The read's result, or null when the database failed or did not answer in time. */
async function withinTime<T>(read: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([read.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One query for the gauges it feeds: prom-client starts every metric's collect at once, so the gauges of one scrape
 * share the read under way.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T | null> {
  let underWay: Promise<T | null> | null = null;
  return () => {
    if (!underWay) {
      const current = withinTime(read());
      underWay = current;
      void current.then(() => {
        if (underWay === current) underWay = null;
      });
    }
    return underWay;
  };
}

interface BackupState {
  finishedAtSeconds: number;
  sizeBytes: number;
}

/** The newest backup that succeeded, or zeros when there is none. */
async function backupState(db: Db): Promise<BackupState> {
  const good = await lastGoodBackup(db);
  return { finishedAtSeconds: (good?.finishedAt.getTime() ?? 0) / 1000, sizeBytes: good?.sizeBytes ?? 0 };
}

function addStateGauges(registry: Registry, db: Db): void {
  const registers = [registry];
  const backlog = sharedRead(() => outboxBacklog(db));
  const backup = sharedRead(() => backupState(db));
  new Gauge({
    name: 'bagshop_outbox_pending',
    help: 'Mail in the outbox not delivered yet and not given up.',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.pending);
      else this.remove();
    },
  });
  new Gauge({
    name: 'bagshop_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail not delivered yet; 0 when there is none.',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.oldestAgeSeconds);
      else this.remove();
    },
  });
  new Gauge({
    name: 'bagshop_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished a run, in any shop process (Unix time).',
    labelNames: ['job'],
    registers,
    async collect() {
      const jobs = await withinTime(lastJobFinishes(db));
      this.reset();
      for (const { name, finishedAt } of jobs ?? []) this.set({ job: name }, finishedAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'bagshop_backup_last_success_timestamp_seconds',
    help: 'When the newest successful backup finished (Unix time); 0 when there is none.',
    registers,
    async collect() {
      const read = await backup();
      if (read) this.set(read.finishedAtSeconds);
      else this.remove();
    },
  });
  new Gauge({
    name: 'bagshop_backup_last_size_bytes',
    help: 'Size of the newest successful backup; 0 when there is none.',
    registers,
    async collect() {
      const read = await backup();
      if (read) this.set(read.sizeBytes);
      else this.remove();
    },
  });
}

/** Adds the database gauges to the app's metrics and answers the scrape's text. */
export function metricsScrape(deps: Pick<AppDeps, 'db' | 'metrics'>): () => Promise<string> {
  addStateGauges(deps.metrics.registry, deps.db);
  return () => deps.metrics.text();
}
