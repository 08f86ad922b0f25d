import { loadConfig } from '../config.ts';
import { s3StorageOf } from '../platform/create-storage.ts';
import { copyDiskImagesToBucket } from '../platform/storage-migrate.ts';

/**
 * `npm run storage:migrate`: copies the images under DATA_DIR/uploads into the bucket the S3_* settings name
 * (docs/deploy.md). Run it with the shop's settings and STORAGE=s3, before the shop starts with them.
 */
const config = loadConfig();
if (config.STORAGE !== 's3') {
  console.error('Set STORAGE=s3 and the S3_* settings of the bucket to copy the images into.');
  process.exit(1);
}
const bucket = s3StorageOf(config);
try {
  const outcome = await copyDiskImagesToBucket(config.uploadsDir, bucket, (key) => console.log(`copied ${key}`));
  console.log(
    `${outcome.copied} image(s) copied from ${config.uploadsDir} to bucket ${config.S3_BUCKET}; ` +
      `${outcome.skipped} already there.`,
  );
} finally {
  bucket.close();
}
