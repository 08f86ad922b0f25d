import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, its files in a temp folder. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* settings a shop process needs to use it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'bagshop-images'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'ap-south-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
