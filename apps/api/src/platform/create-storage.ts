import type { Config } from '../config.ts';
import { createDiskStorage, type ImageStorage } from './storage.ts';
import { createS3Storage, type S3ImageStorage } from './storage-s3.ts';

/** The bucket the S3_* settings name (STORAGE=s3 makes S3_BUCKET required, see config.ts). */
export function s3StorageOf(config: Config): S3ImageStorage {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
  });
}

/** Local disk under DATA_DIR/uploads unless STORAGE=s3. */
export function createImageStorage(config: Config): ImageStorage | S3ImageStorage {
  return config.STORAGE === 's3' ? s3StorageOf(config) : createDiskStorage(config.uploadsDir);
}
