import fs from 'node:fs/promises';
import path from 'node:path';
import { diskStorageKeys } from './storage.ts';
import type { S3ImageStorage } from './storage-s3.ts';

export interface CopyOutcome {
  copied: number;
  /** Already in the bucket (a second run, or a copy cut short and started again). */
  skipped: number;
}

/**
 * Copies every image kept on disk under `root` into the bucket under the same key, so the `/uploads/…` URLs the
 * database holds keep working (the shop serves them from the bucket when STORAGE=s3). Objects already there are
 * left alone, so the copy can be run again after new uploads or an interruption. The disk files are not removed.
 */
export async function copyDiskImagesToBucket(
  root: string,
  bucket: S3ImageStorage,
  onCopied: (key: string) => void = () => {},
): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, skipped: 0 };
  for (const key of await diskStorageKeys(root)) {
    if (await bucket.has(key)) {
      outcome.skipped += 1;
      continue;
    }
    await bucket.put(key, await fs.readFile(path.join(root, key)));
    outcome.copied += 1;
    onCopied(key);
  }
  return outcome;
}
