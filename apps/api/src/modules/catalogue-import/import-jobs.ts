import { IMPORT_MSG } from '@bagshop/shared/catalogue-import';
import type { ImportJobDto, ImportResultDto } from '@bagshop/shared/schemas/catalogue-import';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { catalogueImports } from '../../db/schema/catalogue-imports.ts';
import { notFound } from '../../platform/errors.ts';

/** A running import writes its progress at most this often. */
const PROGRESS_EVERY_MS = 500;
/** And says it is alive at least this often, even while one picture takes long. */
const HEARTBEAT_EVERY_MS = 15_000;
/** A running import not heard of for this long died with its process. */
const STALE_AFTER_MS = 120_000;

type ImportRow = typeof catalogueImports.$inferSelect;

function toJobDto(row: ImportRow): ImportJobDto {
  return {
    _id: row.id,
    status: row.status,
    dryRun: row.dryRun,
    fileName: row.fileName,
    processed: row.processed,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    result: row.result ?? null,
  };
}

export async function createImportJob(
  db: Db,
  values: { createdBy: string; fileName: string; dryRun: boolean; total: number },
): Promise<ImportJobDto> {
  const [row] = await db.insert(catalogueImports).values(values).returning();
  return toJobDto(row);
}

/**
 * An import as any shop process can answer for it. One that stopped being heard of while running died with the
 * process that ran it (a restart, a crash): its transaction never committed, so nothing changed, and it is failed.
 */
export async function findImportJob(db: Db, id: string): Promise<ImportJobDto> {
  if (!isUuid(id)) throw notFound(IMPORT_MSG.notFound);
  await db
    .update(catalogueImports)
    .set({ status: 'failed', error: IMPORT_MSG.restarted, finishedAt: new Date() })
    .where(
      and(
        eq(catalogueImports.id, id),
        eq(catalogueImports.status, 'running'),
        lt(catalogueImports.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`),
      ),
    );
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
  if (!row) throw notFound(IMPORT_MSG.notFound);
  return toJobDto(row);
}

/** The progress of one running import: written when it moved and half a second passed, and a heartbeat meanwhile. */
export class ImportProgress {
  private processed = 0;
  private written = 0;
  private lastWrite = 0;
  private pending: Promise<unknown> = Promise.resolve();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly id: string,
    private readonly total: number,
  ) {
    this.heartbeat = setInterval(() => this.write(true), HEARTBEAT_EVERY_MS);
    this.heartbeat.unref();
  }

  /** Rows done so far: `share` of the total, the part of the work `from` to `to` (fractions of the whole). */
  phase(from: number, to: number): (done: number, of: number) => void {
    return (done, of) => {
      const share = of === 0 ? to : from + ((to - from) * done) / of;
      this.processed = Math.min(this.total, Math.floor(this.total * share));
      this.write(false);
    };
  }

  private write(force: boolean) {
    const now = Date.now();
    if (!force && (this.processed === this.written || now - this.lastWrite < PROGRESS_EVERY_MS)) return;
    this.lastWrite = now;
    this.written = this.processed;
    const processed = this.processed;
    // One write at a time, in order; a failed write only loses a step of the bar.
    this.pending = this.pending
      .then(() =>
        this.db
          .update(catalogueImports)
          .set({ processed, heartbeatAt: new Date() })
          .where(and(eq(catalogueImports.id, this.id), eq(catalogueImports.status, 'running'))),
      )
      .catch(() => undefined);
  }

  async finish(outcome: { result: ImportResultDto } | { error: string }): Promise<void> {
    clearInterval(this.heartbeat);
    await this.pending;
    await this.db
      .update(catalogueImports)
      .set({
        status: 'result' in outcome ? 'done' : 'failed',
        processed: this.total,
        result: 'result' in outcome ? outcome.result : null,
        error: 'error' in outcome ? outcome.error : null,
        heartbeatAt: new Date(),
        finishedAt: new Date(),
      })
      .where(eq(catalogueImports.id, this.id));
  }
}
