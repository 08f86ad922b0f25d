import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ImageStorage, isStorageKey, keyOfUploadsUrl, newStorageKey, UPLOADS_PREFIX } from './storage.ts';

export interface S3Settings {
  /** The service's address; unset means AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers read the bucket's objects (a public bucket or a CDN in front of it); unset: through the shop. */
  publicUrl?: string;
}

/** Stored images never change under a key (every save is a new random key), so they may be cached for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredObject {
  body: Readable;
  length?: number;
}

export interface S3ImageStorage extends ImageStorage {
  /** An object's bytes by key, or null when there is no such object. */
  read(key: string): Promise<StoredObject | null>;
  /** Writes bytes under a key as-is (copying images from disk keeps their keys, so stored URLs stay valid). */
  put(key: string, webp: Buffer): Promise<void>;
  /** Whether an object exists under a key. */
  has(key: string): Promise<boolean>;
  close(): void;
}

export function createS3Storage(settings: S3Settings): S3ImageStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Most S3-compatible services (MinIO, Ceph, R2, test servers) serve buckets by path, not by subdomain.
    forcePathStyle: settings.endpoint !== undefined,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const publicPrefix = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, '')}/` : null;
  const urlOf = (key: string) => (publicPrefix ? `${publicPrefix}${key}` : `${UPLOADS_PREFIX}${key}`);
  const keyOf = (url: string): string | null => {
    if (publicPrefix && url.startsWith(publicPrefix)) {
      const key = url.slice(publicPrefix.length);
      return isStorageKey(key) ? key : null;
    }
    return keyOfUploadsUrl(url);
  };
  const put = async (key: string, webp: Buffer) => {
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: webp,
        ContentType: 'image/webp',
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
  };
  return {
    async save(folder, webp) {
      const key = newStorageKey(folder);
      await put(key, webp);
      return urlOf(key);
    },
    async remove(url) {
      const key = keyOf(url);
      if (!key) return;
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    put,
    async read(key) {
      if (!isStorageKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return { body: answer.Body as Readable, length: answer.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return false;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
