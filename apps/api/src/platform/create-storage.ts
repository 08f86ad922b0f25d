import type { Config } from '../config.ts';
import { createDiskStorage, type ImageStorage } from './storage.ts';
import { createS3Files, createS3Storage, type S3Files, type S3ImageStorage } from './storage-s3.ts';

function s3SettingsOf(config: Config) {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
  };
}

/** The bucket the S3_* settings name (STORAGE=s3 makes S3_BUCKET required, see config.ts). */
export function s3StorageOf(config: Config): S3ImageStorage {
  return createS3Storage(s3SettingsOf(config));
}

/** The same bucket for the shop's own files (backups under BACKUP_S3_PREFIX). */
export function s3FilesOf(config: Config): S3Files {
  return createS3Files(s3SettingsOf(config));
}

/** Local disk under DATA_DIR/uploads unless STORAGE=s3. */
export function createImageStorage(config: Config): ImageStorage | S3ImageStorage {
  return config.STORAGE === 's3' ? s3StorageOf(config) : createDiskStorage(config.uploadsDir);
}
