import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live; local disk now, an S3-compatible store can implement the same. */
export interface ImageStorage {
  /** Saves webp bytes under a folder and answers the public URL. */
  save(folder: string, webp: Buffer): Promise<string>;
  /** Removes a file saved earlier; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

export function createDiskStorage(root: string): ImageStorage {
  return {
    async save(folder, webp) {
      const name = `${crypto.randomUUID()}.webp`;
      const dir = path.join(root, folder);
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), webp);
      return `${UPLOADS_PREFIX}${folder}/${name}`;
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return;
      const file = path.resolve(root, url.slice(UPLOADS_PREFIX.length));
      if (!file.startsWith(path.resolve(root) + path.sep)) return;
      await fs.rm(file, { force: true });
    },
  };
}
