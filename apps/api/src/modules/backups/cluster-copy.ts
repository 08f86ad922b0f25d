import fs from 'node:fs';
import path from 'node:path';
import { openSession } from './session.ts';

/**
 * What a copy of a running cluster leaves out: files PostgreSQL rebuilds at start or that describe the running
 * server only (the write-ahead log comes from the archive instead). From PostgreSQL's "Making a Base Backup Using
 * the Low Level API".
 */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'current_logfiles',
]);
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
  'log',
]);

function copyTree(from: string, to: string, top: boolean): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (top && SKIPPED_FILES.has(entry.name)) continue;
    if (entry.name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED_DIRS.has(entry.name)) fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      else copyTree(source, target, false);
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        // A table dropped while the copy runs: the log replay at restore knows it is gone.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

/**
 * Copies the embedded cluster's files while it runs, between pg_backup_start and pg_backup_stop on one session
 * (the non-exclusive low-level base backup): files may change under the copy, and the write-ahead log archived
 * from the start point to the stop point makes them consistent at restore. pg_backup_stop waits until that log
 * is archived, so the base is usable as soon as this returns.
 */
export async function copyCluster(url: string, clusterDir: string, to: string) {
  const client = await openSession(url);
  try {
    const startedAt = new Date().toISOString();
    const start = await client.query<{ wal: string }>(
      `select pg_walfile_name(pg_backup_start('bagshop backup', true)) as wal`,
    );
    copyTree(clusterDir, to, true);
    const stop = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'select labelfile, spcmapfile from pg_backup_stop(true)',
    );
    const row = stop.rows[0];
    if (!row) throw new Error('pg_backup_stop answered nothing');
    fs.writeFileSync(path.join(to, 'backup_label'), row.labelfile);
    if (row.spcmapfile) fs.writeFileSync(path.join(to, 'tablespace_map'), row.spcmapfile);
    return { startWal: start.rows[0]?.wal ?? '', startedAt, stoppedAt: new Date().toISOString() };
  } finally {
    await client.end();
  }
}

/** Shell-quoting for the archive and restore commands: paths with characters the shell would read are refused. */
function shellPath(dir: string, name: string): string {
  if (/["$`\\%\n]/.test(dir)) throw new Error(`BACKUP_DIR must not contain " $ \` \\ or %: ${dir}`);
  return `"${path.join(dir, name)}"`;
}

/**
 * PostgreSQL settings that archive each finished write-ahead log segment into `walDir`, gzip'd (a segment cut
 * early by archive_timeout is mostly zeros), at least every `seconds`. A segment already archived is accepted only
 * if identical, as PostgreSQL's documentation asks of an archive command.
 */
export function walArchiveFlags(walDir: string, seconds: number): string[] {
  const file = shellPath(walDir, '%f.gz');
  const command =
    `if [ -f ${file} ]; then gzip -dc ${file} | cmp -s - "%p"; ` +
    `else gzip -c "%p" > ${file}.tmp && sync ${file}.tmp && mv ${file}.tmp ${file}; fi`;
  return ['-c', 'archive_mode=on', '-c', `archive_command=${command}`, '-c', `archive_timeout=${seconds}`];
}

/** The settings a restored base copy needs to replay the archive up to `target` (or to its end when null). */
export function recoverySettings(walDir: string, target: Date | null): string {
  const file = shellPath(walDir, '%f.gz');
  const lines = [`restore_command = 'test -f ${file} && gzip -dc ${file} > "%p"'`];
  if (target) {
    lines.push(
      `recovery_target_time = '${target.toISOString().replace('T', ' ').replace('Z', '+00')}'`,
      `recovery_target_action = 'promote'`,
    );
  }
  return `${lines.map((line) => `${line} # bagshop-recovery`).join('\n')}\n`;
}

/** Writes the recovery settings into a restored cluster and asks PostgreSQL to recover at its next start. */
export function prepareRecovery(clusterDir: string, walDir: string, target: Date | null): void {
  const auto = path.join(clusterDir, 'postgresql.auto.conf');
  const kept = fs.existsSync(auto)
    ? fs
        .readFileSync(auto, 'utf8')
        .split('\n')
        .filter((line) => !line.includes('# bagshop-recovery'))
        .join('\n')
    : '';
  fs.writeFileSync(auto, `${kept.trimEnd()}\n${recoverySettings(walDir, target)}`);
  fs.writeFileSync(path.join(clusterDir, 'recovery.signal'), '');
}

/** Removes the recovery settings once the cluster is open again (PostgreSQL removes recovery.signal itself). */
export function finishRecovery(clusterDir: string): void {
  const auto = path.join(clusterDir, 'postgresql.auto.conf');
  if (!fs.existsSync(auto)) return;
  const kept = fs
    .readFileSync(auto, 'utf8')
    .split('\n')
    .filter((line) => !line.includes('# bagshop-recovery'))
    .join('\n');
  fs.writeFileSync(auto, kept);
}

/** Archived segments the oldest kept base no longer needs (older than its start segment, same or older timeline). */
export function pruneWal(walDir: string, oldestStartWal: string): number {
  if (!fs.existsSync(walDir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(walDir)) {
    const segment = /^([0-9A-F]{24})\.gz$/.exec(name)?.[1];
    // Segment names sort in log order within a timeline; later timelines' segments are compared the same way.
    if (segment && segment.slice(8) < oldestStartWal.slice(8)) {
      fs.rmSync(path.join(walDir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
