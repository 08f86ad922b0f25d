import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
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
  /** Every stored image's key with its size and ETag (what a backup lists of the bucket). */
  list(): Promise<{ key: string; bytes: number; etag: string }[]>;
  close(): void;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** One SDK client per use of a bucket, made when it is first needed. */
function s3Connection(settings: S3Settings) {
  // The SDK is large and most shops store images on disk: it is loaded when the bucket is first used.
  let connection: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  let opened: S3Client | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      opened = new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        // Most S3-compatible services (MinIO, Ceph, R2, test servers) serve buckets by path, not by subdomain.
        forcePathStyle: settings.endpoint !== undefined,
        // A streamed upload (a backup file) otherwise goes as aws-chunked with a trailing checksum, which several
        // S3-compatible services store verbatim; backups carry their own sha256 per part.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
      return { sdk, client: opened };
    });
    return connection;
  };
  return { connect, close: () => opened?.destroy() };
}

/** Files of the shop's own (backups, the archived database log) kept in the bucket under a prefix. */
export interface S3Files {
  /** Uploads a local file under `key`. */
  upload(key: string, file: string): Promise<void>;
  /** Downloads `key` into a local file; false when there is no such object. */
  download(key: string, file: string): Promise<boolean>;
  /** Every object whose key starts with `prefix`, with when it was last written. */
  keys(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  remove(key: string): Promise<void>;
  close(): void;
}

export function createS3Files(settings: S3Settings): S3Files {
  const { connect, close } = s3Connection(settings);
  return {
    async upload(key, file) {
      const { sdk, client } = await connect();
      const { size } = await fsp.stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async download(key, file) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        await pipeline(answer.Body as Readable, fs.createWriteStream(file));
        return true;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return false;
        throw error;
      }
    },
    async keys(prefix) {
      const { sdk, client } = await connect();
      const found: { key: string; modifiedAt: Date }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) found.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async remove(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    close,
  };
}

export function createS3Storage(settings: S3Settings): S3ImageStorage {
  const { connect, close } = s3Connection(settings);
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
    const { sdk, client } = await connect();
    await client.send(
      new sdk.PutObjectCommand({
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
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    put,
    async read(key) {
      if (!isStorageKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return { body: answer.Body as Readable, length: answer.ContentLength };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return null;
        throw error;
      }
    },
    async has(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof sdk.NotFound || error instanceof sdk.NoSuchKey) return false;
        throw error;
      }
    },
    async list() {
      const { sdk, client } = await connect();
      const found: { key: string; bytes: number; etag: string }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key)) {
            found.push({ key: object.Key, bytes: object.Size ?? 0, etag: (object.ETag ?? '').replace(/"/g, '') });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    close,
  };
}
