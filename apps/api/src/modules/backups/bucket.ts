import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { s3FilesOf } from '../../platform/create-storage.ts';
import { readBackupManifest } from './backup-file.ts';
import { BACKUP_NAME, stampTime } from './schedule.ts';

/**
 * Backups kept in the S3 bucket under BACKUP_S3_PREFIX (docs/decisions/044-backups-and-recovery.md): the daily files
 * under `<prefix>/`, the embedded database's archived log copied under `<prefix>/wal/`.
 */
export function bucketPrefixOf(config: Config): string | null {
  const prefix = config.BACKUP_S3_PREFIX?.replace(/^\/+|\/+$/g, '');
  return prefix ? prefix : null;
}

const locationOf = (config: Config, key: string) => `s3://${config.S3_BUCKET}/${key}`;

/** Moves a finished backup file into the bucket; answers where it is now. */
export async function sendToBucket(config: Config, prefix: string, file: string): Promise<string> {
  const files = s3FilesOf(config);
  try {
    const key = `${prefix}/${path.basename(file)}`;
    await files.upload(key, file);
    fs.rmSync(file, { force: true });
    return locationOf(config, key);
  } finally {
    files.close();
  }
}

/**
 * Keeps the newest BACKUP_KEEP files in the bucket, and the archived log from an hour before the oldest of them
 * started (its base needs the log from its start; the hour covers clocks that disagree a little).
 */
export async function pruneBucket(config: Config, prefix: string): Promise<void> {
  const files = s3FilesOf(config);
  try {
    const backups = (await files.keys(`${prefix}/`))
      .filter(({ key }) => BACKUP_NAME.test(path.basename(key)) && path.dirname(key) === prefix)
      .sort((a, b) => b.key.localeCompare(a.key));
    for (const old of backups.slice(config.BACKUP_KEEP)) await files.remove(old.key);
    const oldest = backups.slice(0, config.BACKUP_KEEP).at(-1);
    const from = oldest ? stampTime(path.basename(oldest.key)) : null;
    if (!from) return;
    for (const segment of await files.keys(`${prefix}/wal/`)) {
      if (segment.modifiedAt.getTime() < from.getTime() - 3_600_000) await files.remove(segment.key);
    }
  } finally {
    files.close();
  }
}

/** Copies archived log segments the bucket does not have yet; `sent` remembers them between rounds. */
export async function sendWalToBucket(config: Config, prefix: string, walDir: string, sent: Set<string>) {
  if (!fs.existsSync(walDir)) return;
  const files = s3FilesOf(config);
  try {
    if (sent.size === 0) {
      for (const { key } of await files.keys(`${prefix}/wal/`)) sent.add(path.basename(key));
    }
    for (const name of fs.readdirSync(walDir).sort()) {
      if (!name.endsWith('.gz') || sent.has(name)) continue;
      await files.upload(`${prefix}/wal/${name}`, path.join(walDir, name));
      sent.add(name);
    }
  } finally {
    files.close();
  }
}

/** Downloads one backup named as `s3://bucket/key` into `dir`; answers the local file. */
export async function fetchBackup(config: Config, location: string, dir: string): Promise<string> {
  const key = location.replace(`s3://${config.S3_BUCKET}/`, '');
  if (key === location) throw new Error(`${location} is not in the bucket S3_BUCKET names (${config.S3_BUCKET})`);
  const files = s3FilesOf(config);
  try {
    const file = path.join(dir, path.basename(key));
    if (!(await files.download(key, file))) throw new Error(`No backup at ${location}`);
    return file;
  } finally {
    files.close();
  }
}

/**
 * For recovery to `to` from the bucket: the newest backup whose base was finished by then, and the archived log,
 * downloaded into `dir`.
 */
export async function fetchBaseAndWal(config: Config, prefix: string, to: Date, dir: string) {
  const files = s3FilesOf(config);
  try {
    const candidates = (await files.keys(`${prefix}/`))
      .filter(({ key }) => BACKUP_NAME.test(path.basename(key)) && path.dirname(key) === prefix)
      .filter(({ key }) => (stampTime(path.basename(key)) ?? to) <= to)
      .sort((a, b) => b.key.localeCompare(a.key));
    let base: string | null = null;
    for (const { key } of candidates) {
      const file = path.join(dir, path.basename(key));
      await files.download(key, file);
      const manifest = await readBackupManifest(file);
      if (manifest?.cluster && new Date(manifest.cluster.stoppedAt) <= to) {
        base = file;
        break;
      }
      fs.rmSync(file, { force: true });
    }
    if (!base)
      throw new Error(`No backup under ${locationOf(config, prefix)}/ has a base taken before ${to.toISOString()}`);
    const walDir = path.join(dir, 'wal');
    fs.mkdirSync(walDir, { recursive: true });
    for (const { key } of await files.keys(`${prefix}/wal/`)) {
      await files.download(key, path.join(walDir, path.basename(key)));
    }
    return { base, walDir };
  } finally {
    files.close();
  }
}
