import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { connectDatabase, type Db, runMigrations } from '../../db/client.ts';
import {
  clusterDir,
  clusterInUse,
  giveToServerUser,
  isRoot,
  reachableByOthers,
  startEmbeddedPostgres,
} from '../../db/embedded.ts';
import { backups } from '../../db/schema/backups.ts';
import { s3StorageOf } from '../../platform/create-storage.ts';
import { runOnceAcrossProcesses, scheduleAcrossProcesses } from '../../platform/run-once.ts';
import { diskStorageKeys } from '../../platform/storage.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  checksumParts,
  openBackupFile,
  RestoreRefusedError,
  readBackupManifest,
  writeBackupFile,
} from './backup-file.ts';
import { bucketPrefixOf, fetchBackup, fetchBaseAndWal, pruneBucket, sendToBucket, sendWalToBucket } from './bucket.ts';
import { copyCluster, finishRecovery, prepareRecovery, pruneWal, walArchiveFlags } from './cluster-copy.ts';
import { dumpDatabase, isEmptyDatabase, loadDatabase, setDatabaseAside } from './database-copy.ts';
import { latestMigration, migrateTo, migrationAt } from './migrate-to.ts';
import { BACKUP_NAME, indiaStamp, lastSlotBefore } from './schedule.ts';

export { DamagedBackupError, RestoreRefusedError } from './backup-file.ts';
export { parseIndiaTime } from './schedule.ts';

/** What the shop's figures are, read in the backup's snapshot and again after a restore. */
const COUNTS_SQL = `select
  (select count(*) from orders) as orders,
  (select count(*) from users) as users,
  (select count(*) from orders where invoice_number is not null) as invoices,
  (select count(*) from credit_notes) as "creditNotes"`;

export type BackupKind = 'scheduled' | 'manual' | 'first-base';

/** Where the shop's database runs: the embedded cluster's folder, or none with DATABASE_URL. */
export interface BackupSource {
  config: Config;
  db: Db;
  databaseUrl: string;
  /** The embedded cluster's folder; null for a database at DATABASE_URL. */
  clusterDir: string | null;
}

/**
 * Where the log is archived: BACKUP_DIR/wal. As root the server runs as `postgres`, which must reach that folder;
 * when a parent is private (e.g. under /root), the archive goes beside the cluster instead (embedded.ts).
 */
export function walDirOf(config: Config): string {
  if (!isRoot() || reachableByOthers(config.backupDir)) return path.join(config.backupDir, 'wal');
  return path.join(path.dirname(clusterDir(config.dataDir)), 'wal');
}

/**
 * Whether the embedded database archives its log (and so backups carry a base for recovery to a point in time).
 * Not without the daily backup: only its retention removes old segments, so the archive would grow for ever.
 */
export function archivesWal(config: Config): boolean {
  return !config.DATABASE_URL && config.BACKUP_WAL_SECONDS > 0 && config.BACKUP_TIME !== 'off';
}

/**
 * The embedded server's settings for the log archive, or none. The archive folder is made and given to the server
 * here; when it cannot be, the shop starts without archiving and the next backup reports why.
 */
export function embeddedArchiveFlags(config: Config, say: (line: string) => void): string[] {
  if (!archivesWal(config)) return [];
  const walDir = walDirOf(config);
  try {
    // The backups folder may be crossed, not listed, by the server's user; the files in it are the owner's alone.
    fs.mkdirSync(config.backupDir, { recursive: true, mode: 0o711 });
    fs.mkdirSync(path.dirname(walDir), { recursive: true });
    fs.mkdirSync(walDir, { recursive: true, mode: 0o700 });
    giveToServerUser(walDir);
    fs.accessSync(walDir, fs.constants.W_OK);
  } catch (error) {
    say(`Backups: ${walDir} is not writable (${(error as Error).message}); the write-ahead log is not archived.`);
    return [];
  }
  return walArchiveFlags(walDir, config.BACKUP_WAL_SECONDS);
}

function shopVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
}

function copyFolder(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, to, { recursive: true });
  let files = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else files++;
    }
  };
  walk(to);
  return files;
}

async function picturesPart(config: Config, stagingDir: string): Promise<BackupManifest['pictures']> {
  if (config.STORAGE === 's3') {
    // The bucket keeps the pictures themselves; the backup lists what it held.
    const storage = s3StorageOf(config);
    const keys = await storage.list();
    storage.close();
    const part = 'pictures.json';
    fs.writeFileSync(path.join(stagingDir, part), JSON.stringify(keys));
    return { storage: 's3', bucket: config.S3_BUCKET ?? '', count: keys.length, part };
  }
  const count = copyFolder(config.uploadsDir, path.join(stagingDir, 'pictures'));
  return { storage: 'local', count };
}

/**
 * Takes one backup: the database as of one instant (database-copy.ts), the pictures, and with the embedded
 * database a base copy of its cluster for recovery to a point in time; checksummed into one file
 * (backup-file.ts). Every try is a row of `backups`, finished with the file or with why it failed.
 */
export async function takeBackup(
  source: BackupSource,
  options: { kind: BackupKind; out?: string },
): Promise<{ file: string; sizeBytes: number; manifest: BackupManifest }> {
  const { config } = source;
  // A shop from before backups (an older release being backed up before its upgrade) has no table to record in.
  const recorded = await source.db.execute<{ table: string | null }>(
    sql`select to_regclass('public.backups')::text as table`,
  );
  const [row] = recorded.rows[0]?.table
    ? await source.db.insert(backups).values({ kind: options.kind }).returning({ id: backups.id })
    : [];
  const file = options.out
    ? path.resolve(options.out)
    : path.join(config.backupDir, `bagshop-backup-${indiaStamp(new Date())}.tar.gz`);
  let stagingDir: string | null = null;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    stagingDir = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
    const dump = await dumpDatabase(source.databaseUrl, stagingDir, COUNTS_SQL);
    const migration = migrationAt(dump.migrationWhen);
    if (!migration) throw new Error('The database has a migration this version of the shop does not know');
    const pictures = await picturesPart(config, stagingDir);
    const cluster =
      source.clusterDir && archivesWal(config)
        ? await copyCluster(source.databaseUrl, source.clusterDir, path.join(stagingDir, 'cluster'))
        : null;
    if (cluster && source.clusterDir) {
      const password = path.join(path.dirname(source.clusterDir), 'pg-password');
      fs.mkdirSync(path.join(stagingDir, 'secrets'));
      fs.copyFileSync(password, path.join(stagingDir, 'secrets', 'pg-password'));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      shopVersion: shopVersion(),
      createdAt: new Date().toISOString(),
      migration: { tag: migration.tag, when: migration.when },
      database: {
        source: source.clusterDir ? 'embedded' : 'external',
        tables: dump.tables,
        sequences: dump.sequences,
      },
      pictures,
      cluster,
      counts: {
        orders: dump.counts.orders ?? 0,
        users: dump.counts.users ?? 0,
        invoices: dump.counts.invoices ?? 0,
        creditNotes: dump.counts.creditNotes ?? 0,
        pictures: pictures.count,
      },
      parts: await checksumParts(stagingDir),
    };
    const sizeBytes = await writeBackupFile(stagingDir, manifest, file);
    if (row) {
      await source.db
        .update(backups)
        .set({ ok: true, finishedAt: sql`now()`, location: file, sizeBytes })
        .where(eq(backups.id, row.id));
    }
    return { file, sizeBytes, manifest };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (row) {
      await source.db
        .update(backups)
        .set({ ok: false, finishedAt: sql`now()`, location: file, error: reason.slice(0, 2000) })
        .where(eq(backups.id, row.id))
        .catch(() => {});
    }
    throw error;
  } finally {
    if (stagingDir) fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}

/** The newest backup that finished well, or null: what the metrics and the attention check report. */
export async function lastGoodBackup(db: Db) {
  const [row] = await db
    .select({ finishedAt: backups.finishedAt, sizeBytes: backups.sizeBytes })
    .from(backups)
    .where(and(eq(backups.ok, true), isNotNull(backups.finishedAt)))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  return row?.finishedAt ? { finishedAt: row.finishedAt, sizeBytes: row.sizeBytes ?? 0 } : null;
}

/** The newest backup that finished, well or not, or null. */
export async function lastFinishedBackup(db: Db) {
  const [row] = await db
    .select()
    .from(backups)
    .where(and(isNotNull(backups.ok), isNotNull(backups.finishedAt)))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  return row ?? null;
}

/** The scheduled backups in BACKUP_DIR, newest first. */
function backupFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Keeps the newest BACKUP_KEEP files and the archived log the oldest of them needs. */
export async function pruneBackups(config: Config): Promise<void> {
  const files = backupFilesIn(config.backupDir);
  for (const old of files.slice(config.BACKUP_KEEP)) fs.rmSync(old, { force: true });
  const oldest = files.slice(0, config.BACKUP_KEEP).at(-1);
  const manifest = oldest ? await readBackupManifest(oldest) : null;
  if (manifest?.cluster?.startWal) pruneWal(walDirOf(config), manifest.cluster.startWal);
}

/**
 * Whether the day's backup is due: no successful backup (of any kind) since the last BACKUP_TIME, and no failed
 * scheduled try in the last hour. A shop that was off at BACKUP_TIME so catches up when it starts.
 */
export async function backupDue(db: Db, backupTime: string, now: Date): Promise<boolean> {
  const slot = lastSlotBefore(backupTime, now);
  const [latest] = await db
    .select({ startedAt: backups.startedAt, ok: backups.ok })
    .from(backups)
    .where(
      sql`${backups.startedAt} >= ${slot.toISOString()} and (${backups.ok} is not false or ${backups.kind} = 'scheduled')`,
    )
    .orderBy(desc(backups.startedAt))
    .limit(1);
  if (!latest) return true;
  if (latest.ok !== false) return false;
  return now.getTime() - latest.startedAt.getTime() >= 60 * 60_000;
}

const BACKUP_JOB = { name: 'backup', everyMs: 5 * 60_000 };

async function backupIfDue(source: BackupSource, now: Date): Promise<void> {
  if (!(await backupDue(source.db, source.config.BACKUP_TIME, now))) return;
  const { file } = await takeBackup(source, { kind: 'scheduled' });
  const prefix = bucketPrefixOf(source.config);
  if (!prefix) {
    await pruneBackups(source.config);
    return;
  }
  try {
    const location = await sendToBucket(source.config, prefix, file);
    await source.db.update(backups).set({ location }).where(eq(backups.location, file));
  } catch (error) {
    // The file is kept on disk; the backup counts as failed until one reaches the bucket.
    const reason = `Backup written to ${file} but not sent to the bucket: ${error instanceof Error ? error.message : String(error)}`;
    await source.db.update(backups).set({ ok: false, error: reason }).where(eq(backups.location, file));
    throw new Error(reason);
  }
  await pruneBucket(source.config, prefix);
  await pruneWalNeededByNone(source.config);
}

/** With backups in the bucket, the local log archive keeps only what the bucket may not have yet (a day). */
async function pruneWalNeededByNone(config: Config): Promise<void> {
  const walDir = walDirOf(config);
  if (!fs.existsSync(walDir)) return;
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(walDir)) {
    const full = path.join(walDir, name);
    if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { force: true });
  }
}

/** One check of the daily backup, claimed by one shop process (the job row of run-once.ts); whether it ran. */
export function runScheduledBackup(source: BackupSource, now = new Date()): Promise<boolean> {
  return runOnceAcrossProcesses(source.db, BACKUP_JOB, () => backupIfDue(source, now));
}

/**
 * The daily backup at BACKUP_TIME (India time), checked every five minutes by every process and taken by one;
 * with the embedded database's log archive on, a first base backup is taken at once when none exists yet, so
 * a recovery point exists from the first start.
 */
export function scheduleBackups(source: BackupSource, onError: (error: unknown) => void): () => Promise<void> {
  if (source.config.BACKUP_TIME === 'off') return async () => {};
  const first =
    source.clusterDir && archivesWal(source.config)
      ? (async () => {
          const [any] = await source.db.select({ id: backups.id }).from(backups).where(eq(backups.ok, true)).limit(1);
          if (!any) await takeBackup(source, { kind: 'first-base' });
        })().catch(onError)
      : Promise.resolve();
  const stop = scheduleAcrossProcesses(
    source.db,
    BACKUP_JOB,
    async () => {
      await first;
      await backupIfDue(source, new Date());
    },
    onError,
  );
  const prefix = bucketPrefixOf(source.config);
  const stopWal =
    prefix && source.clusterDir && archivesWal(source.config)
      ? keepSendingWal(source.config, prefix, onError)
      : () => {};
  return async () => {
    stopWal();
    await first;
    await stop();
  };
}

/** Copies the archived log into the bucket as often as it is archived (only the process that owns the database). */
function keepSendingWal(config: Config, prefix: string, onError: (error: unknown) => void): () => void {
  const sent = new Set<string>();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendWalToBucket(config, prefix, walDirOf(config), sent)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, config.BACKUP_WAL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

export interface RestoreReport {
  orders: number;
  users: number;
  invoices: number;
  creditNotes: number;
  pictures: number;
  /** Where what was there before went (with --force), or null. */
  setAside: string | null;
  /** What the restore recovered to: the backup's time, or the recovery target (or the archive's end before it). */
  restoredTo: string;
  notes: string[];
}

async function countsOf(url: string) {
  const database = connectDatabase(url, 1);
  try {
    const result = await database.pool.query<Record<string, string>>(COUNTS_SQL);
    const row = result.rows[0] ?? {};
    return {
      orders: Number(row.orders),
      users: Number(row.users),
      invoices: Number(row.invoices),
      creditNotes: Number(row.creditNotes),
    };
  } finally {
    await database.close();
  }
}

function countPictures(config: Config): Promise<number> {
  return diskStorageKeys(config.uploadsDir).then((keys) => keys.length);
}

/** What a DATA_DIR holds of a shop (its cluster and pictures); empty means a restore may go there. */
function dataDirHolds(config: Config): string[] {
  const held = [clusterDir(config.dataDir), config.uploadsDir].filter(
    (dir) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0,
  );
  return held;
}

/** With --force: moves what DATA_DIR held into DATA_DIR/replaced-<stamp>/, never deleting it. */
function setDataDirAside(config: Config, stamp: string): string {
  const aside = path.join(config.dataDir, `replaced-${stamp}`);
  fs.mkdirSync(aside, { recursive: true });
  const cluster = clusterDir(config.dataDir);
  for (const dir of [cluster, config.uploadsDir, path.join(path.dirname(cluster), 'pg-password')]) {
    if (fs.existsSync(dir)) fs.renameSync(dir, path.join(aside, path.basename(dir)));
  }
  return aside;
}

/**
 * Restores a backup file (or, with `to`, the embedded cluster as of that instant from a base backup and the
 * archived log) into an empty DATA_DIR or an empty database; `force` first sets aside what is there. The file is
 * checked whole before anything changes. The schema is built at the backup's migration, the rows loaded, then
 * migrated forward to this version; the report gives the shop's figures as restored.
 */
export async function restoreBackup(
  config: Config,
  options: { file?: string; to?: Date; force?: boolean; say?: (line: string) => void },
): Promise<RestoreReport> {
  const say = options.say ?? (() => {});
  const stamp = indiaStamp(new Date());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-restore-'));
  try {
    if (options.to) return await restoreToTime(config, options.to, options, work, stamp, say);
    if (!options.file) throw new Error('Name the backup file to restore, or a time with --to');
    const file = options.file.startsWith('s3://') ? await fetchBackup(config, options.file, work) : options.file;
    say(`Checking ${options.file}…`);
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    const manifest = await openBackupFile(file, unpacked);
    const migration = migrationAt(manifest.migration.when);
    if (!migration) {
      throw new RestoreRefusedError(
        `${options.file} was made by a newer version of the shop (migration ${manifest.migration.tag})`,
      );
    }
    const target = await emptyTarget(config, options.force === true, stamp);
    const embedded = config.DATABASE_URL
      ? null
      : await startEmbeddedPostgres(config.dataDir, { log: say, flags: embeddedArchiveFlags(config, say) });
    const url = config.DATABASE_URL ?? embedded!.url;
    try {
      const database = connectDatabase(url, 2);
      try {
        say(`Restoring the database as of ${manifest.createdAt} (schema ${manifest.migration.tag})…`);
        await migrateTo(database.db, migration);
        await loadDatabase(url, unpacked, manifest.database);
        if (migration.tag !== latestMigration().tag)
          say(`Migrating from ${migration.tag} to ${latestMigration().tag}…`);
        await runMigrations(database.db);
      } finally {
        await database.close();
      }
      const notes: string[] = [];
      let pictures = manifest.pictures.count;
      if (manifest.pictures.storage === 'local') {
        fs.mkdirSync(config.uploadsDir, { recursive: true });
        if (fs.existsSync(path.join(unpacked, 'pictures')))
          fs.cpSync(path.join(unpacked, 'pictures'), config.uploadsDir, { recursive: true });
        pictures = await countPictures(config);
        if (config.STORAGE === 's3') {
          notes.push(
            `The backup's pictures are in ${config.uploadsDir}; copy them into the bucket with npm run storage:migrate.`,
          );
        }
      } else {
        notes.push(
          `The pictures stay in the bucket ${manifest.pictures.bucket}; the backup lists ${manifest.pictures.count}.`,
        );
      }
      return { ...(await countsOf(url)), pictures, setAside: target, restoredTo: manifest.createdAt, notes };
    } finally {
      await embedded?.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Refuses a target that holds a shop, unless forced: then sets it aside and answers where. */
async function emptyTarget(config: Config, force: boolean, stamp: string): Promise<string | null> {
  if (config.DATABASE_URL) {
    if (await isEmptyDatabase(config.DATABASE_URL)) return null;
    if (!force) {
      throw new RestoreRefusedError(
        'The database at DATABASE_URL is not empty: restore into an empty database, or add --force to keep its data aside',
      );
    }
    return `schemas ${await setDatabaseAside(config.DATABASE_URL, stamp.replace(/-/g, '_'))}_*`;
  }
  const cluster = clusterDir(config.dataDir);
  if (clusterInUse(cluster)) {
    throw new RestoreRefusedError(`A shop is running on ${config.dataDir}: stop it before restoring`);
  }
  const held = dataDirHolds(config);
  if (held.length === 0) return null;
  if (!force) {
    throw new RestoreRefusedError(
      `${config.dataDir} is not empty (${held.join(', ')}): restore into an empty DATA_DIR, or add --force to keep its data aside`,
    );
  }
  return setDataDirAside(config, stamp);
}

/** The newest backup in BACKUP_DIR with a cluster base finished before `to`. */
async function baseBefore(config: Config, to: Date): Promise<string> {
  for (const file of backupFilesIn(config.backupDir)) {
    const manifest = await readBackupManifest(file);
    if (manifest?.cluster && new Date(manifest.cluster.stoppedAt) <= to) return file;
  }
  throw new RestoreRefusedError(`No backup in ${config.backupDir} has a base taken before ${to.toISOString()}`);
}

async function restoreToTime(
  config: Config,
  to: Date,
  options: { file?: string; force?: boolean },
  work: string,
  stamp: string,
  say: (line: string) => void,
): Promise<RestoreReport> {
  if (config.DATABASE_URL) {
    throw new RestoreRefusedError(
      'Recovery to a point in time is for the embedded database; a managed database has its provider\u2019s',
    );
  }
  const prefix = bucketPrefixOf(config);
  const fromBucket = !options.file && prefix ? await fetchBaseAndWal(config, prefix, to, work) : null;
  const named = options.file?.startsWith('s3://') ? await fetchBackup(config, options.file, work) : options.file;
  const file = fromBucket?.base ?? named ?? (await baseBefore(config, to));
  say(`Checking ${file}…`);
  const unpacked = path.join(work, 'unpacked');
  fs.mkdirSync(unpacked);
  const manifest = await openBackupFile(file, unpacked);
  if (!manifest.cluster)
    throw new RestoreRefusedError(`${file} has no base for recovery to a point in time (no log archive then)`);
  if (new Date(manifest.cluster.stoppedAt) > to)
    throw new RestoreRefusedError(`${file} was taken after ${to.toISOString()}`);
  const walDir = fromBucket?.walDir ?? walDirOf(config);
  if (fromBucket) giveToServerUser(work);
  const setAside = await emptyTarget(config, options.force === true, stamp);
  const cluster = clusterDir(config.dataDir);
  fs.mkdirSync(path.dirname(cluster), { recursive: true });
  fs.cpSync(path.join(unpacked, 'cluster'), cluster, { recursive: true });
  fs.chmodSync(cluster, 0o700);
  fs.copyFileSync(path.join(unpacked, 'secrets', 'pg-password'), path.join(path.dirname(cluster), 'pg-password'));
  prepareRecovery(cluster, walDir, to);
  giveToServerUser(cluster);
  const notes: string[] = [];
  say(`Replaying the archived log in ${walDir} up to ${to.toISOString()}…`);
  let embedded = await startEmbeddedPostgres(config.dataDir, {
    log: say,
    flags: embeddedArchiveFlags(config, say),
  }).catch((error: Error) => {
    if (error.message.includes('before configured recovery target was reached')) return null;
    throw error;
  });
  if (!embedded) {
    // The archive ends before the time asked (nothing was committed after it, or the log after it is lost):
    // everything archived is older, so all of it is replayed.
    notes.push('The archived log ends before the time asked: everything it holds was restored.');
    prepareRecovery(cluster, walDir, null);
    embedded = await startEmbeddedPostgres(config.dataDir, { log: say, flags: embeddedArchiveFlags(config, say) });
  }
  finishRecovery(cluster);
  try {
    const database = connectDatabase(embedded.url, 2);
    try {
      await runMigrations(database.db);
    } finally {
      await database.close();
    }
    if (manifest.pictures.storage === 'local' && config.STORAGE === 'local') {
      fs.mkdirSync(config.uploadsDir, { recursive: true });
      if (fs.existsSync(path.join(unpacked, 'pictures')))
        fs.cpSync(path.join(unpacked, 'pictures'), config.uploadsDir, { recursive: true });
      // Pictures never change under a key: those of the folder set aside (added after the base) are taken back too.
      const keptAside = setAside && !config.DATABASE_URL ? path.join(setAside, 'uploads') : null;
      if (keptAside && fs.existsSync(keptAside)) fs.cpSync(keptAside, config.uploadsDir, { recursive: true });
      else notes.push('Pictures are those of the base backup; pictures added after it are not in any backup file.');
    }
    return {
      ...(await countsOf(embedded.url)),
      pictures: await countPictures(config),
      setAside,
      restoredTo: to.toISOString(),
      notes,
    };
  } finally {
    await embedded.stop();
  }
}
