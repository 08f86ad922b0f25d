import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { DumpedSequence, DumpedTable } from './database-copy.ts';

export const BACKUP_FORMAT = 'bagshop-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const MANIFEST_SUM = 'manifest.sha256';

/** What a backup holds, written as manifest.json at the head of the file. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  shopVersion: string;
  createdAt: string;
  /** The schema's migration when the snapshot was taken (restore builds exactly this schema, then migrates on). */
  migration: { tag: string; when: number };
  database: { source: 'embedded' | 'external'; tables: DumpedTable[]; sequences: DumpedSequence[] };
  pictures: { storage: 'local'; count: number } | { storage: 's3'; bucket: string; count: number; part: string };
  /** The embedded cluster's files for recovery to a point in time (with the archived write-ahead log); else null. */
  cluster: { startWal: string; startedAt: string; stoppedAt: string } | null;
  /** What the shop held, for the restore's report and for checking it. */
  counts: { orders: number; users: number; invoices: number; creditNotes: number; pictures: number };
  /** sha256 and size of every other file in the backup, by its path inside. */
  parts: Record<string, { sha256: string; bytes: number }>;
}

/** A restore that must not go ahead (the file, or where it would go): nothing was changed. */
export class RestoreRefusedError extends Error {}

export class DamagedBackupError extends RestoreRefusedError {}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function filesUnder(root: string, relative = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const inside = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(root, inside));
    else if (entry.isFile()) found.push(inside);
  }
  return found;
}

/** Checksums of every file staged under `dir` (what the manifest's `parts` lists). */
export async function checksumParts(dir: string): Promise<BackupManifest['parts']> {
  const parts: BackupManifest['parts'] = {};
  for (const file of filesUnder(dir).sort()) {
    if (file === MANIFEST || file === MANIFEST_SUM) continue;
    const full = path.join(dir, file);
    parts[file] = { sha256: await sha256Of(full), bytes: fs.statSync(full).size };
  }
  return parts;
}

/**
 * Writes the staged folder as one gzip'd tar at `file`: first to `file.partial`, flushed to disk, then renamed, so
 * a crash never leaves a file that looks complete. The manifest goes first so a reader finds it at once.
 */
export async function writeBackupFile(stagingDir: string, manifest: BackupManifest, file: string): Promise<number> {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  fs.writeFileSync(path.join(stagingDir, MANIFEST), text);
  fs.writeFileSync(path.join(stagingDir, MANIFEST_SUM), `${crypto.createHash('sha256').update(text).digest('hex')}\n`);
  const partial = `${file}.partial`;
  const entries = [
    MANIFEST,
    MANIFEST_SUM,
    ...fs.readdirSync(stagingDir).filter((e) => e !== MANIFEST && e !== MANIFEST_SUM),
  ];
  await tar.create({ gzip: true, cwd: stagingDir, file: partial, portable: true }, entries);
  fs.chmodSync(partial, 0o600);
  const handle = fs.openSync(partial, 'r');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
  fs.renameSync(partial, file);
  return fs.statSync(file).size;
}

/**
 * Unpacks a backup into `dir` and checks it whole before anything is restored: the archive must read to its end
 * (gzip's own check catches a flipped byte, a cut file ends early), the manifest must match its checksum, and every
 * part must be present with its size and sha256. Anything else is refused with what is wrong.
 */
export async function openBackupFile(file: string, dir: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new DamagedBackupError(`No backup file at ${file}`);
  try {
    await tar.extract({ file, cwd: dir, strict: true, preservePaths: false });
  } catch (error) {
    throw new DamagedBackupError(
      `${file} is damaged or incomplete and was not restored (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const manifestFile = path.join(dir, MANIFEST);
  const sumFile = path.join(dir, MANIFEST_SUM);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(sumFile)) {
    throw new DamagedBackupError(`${file} is not a shop backup or is incomplete: it has no manifest`);
  }
  const text = fs.readFileSync(manifestFile, 'utf8');
  const expected = fs.readFileSync(sumFile, 'utf8').trim();
  if (crypto.createHash('sha256').update(text).digest('hex') !== expected) {
    throw new DamagedBackupError(`${file} is damaged: its manifest does not match its checksum`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new DamagedBackupError(`${file} is not a backup this version of the shop can read`);
  }
  for (const [part, { sha256, bytes }] of Object.entries(manifest.parts)) {
    const full = path.join(dir, part);
    if (!fs.existsSync(full)) throw new DamagedBackupError(`${file} is incomplete: ${part} is missing`);
    if (fs.statSync(full).size !== bytes || (await sha256Of(full)) !== sha256) {
      throw new DamagedBackupError(`${file} is damaged: ${part} does not match its checksum`);
    }
  }
  return manifest;
}

/** Only the manifest of a backup (to choose a base for recovery to a point in time without unpacking each file). */
export async function readBackupManifest(file: string): Promise<BackupManifest | null> {
  let text = '';
  try {
    await tar.list({
      file,
      filter: (entryPath) => entryPath === MANIFEST,
      onReadEntry: (entry) => {
        entry.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
      },
    });
    return text ? (JSON.parse(text) as BackupManifest) : null;
  } catch {
    return null;
  }
}
