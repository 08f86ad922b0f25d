import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live: local disk (default) or an S3-compatible bucket (platform/storage-s3.ts). */
export interface ImageStorage {
  /** Saves webp bytes under a folder and answers the public URL. */
  save(folder: string, webp: Buffer): Promise<string>;
  /** Removes a file saved earlier; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

/**
 * A stored image's key: `folder/name.webp`, where the folder is one the shop names and the name is a random UUID
 * (older files may carry other plain names). Nothing else is a key, so no URL can name a path outside the store.
 */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,30}\/[A-Za-z0-9][A-Za-z0-9_-]{0,100}\.webp$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A new random key in a folder. */
export function newStorageKey(folder: string): string {
  return `${folder}/${crypto.randomUUID()}.webp`;
}

/** The key of a `/uploads/…` URL, or null when the URL is not one of ours. */
export function keyOfUploadsUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

export function createDiskStorage(root: string): ImageStorage {
  return {
    async save(folder, webp) {
      const key = newStorageKey(folder);
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(path.join(root, key), webp);
      return `${UPLOADS_PREFIX}${key}`;
    },
    async remove(url) {
      const key = keyOfUploadsUrl(url);
      if (!key) return;
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

/** Every image file kept on disk under `root`, as storage keys (for copying them into a bucket). */
export async function diskStorageKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    for (const name of await fs.readdir(path.join(root, folder.name))) {
      const key = `${folder.name}/${name}`;
      if (isStorageKey(key)) keys.push(key);
    }
  }
  return keys.sort();
}
