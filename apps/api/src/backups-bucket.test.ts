import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { type S3Server, startS3Server } from '../test/s3-server.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { backups } from './db/schema/backups.ts';
import { sendWalToBucket } from './modules/backups/bucket.ts';
import { pruneBackups, restoreBackup, runScheduledBackup } from './modules/backups/service.ts';

// With BACKUP_S3_PREFIX the daily backups go to the bucket, BACKUP_KEEP of them are kept there, and a backup is
// restored straight from it (docs/decisions/044-backups-and-recovery.md).

let s3: S3Server;
let database: Database;
let source: { url: string; drop(): Promise<void> };
let dataDir: string;
const emptyName = `b_${crypto.randomBytes(6).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: withDatabase(inject('templateDatabaseUrl'), 'postgres') });
  await client.connect();
  await client.query(statement);
  await client.end();
}

beforeAll(async () => {
  s3 = await startS3Server('bagshop-backups');
  source = await createTestDatabase();
  database = connectDatabase(source.url, 2);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-bucket-'));
  await admin(`create database ${emptyName}`);
});

afterAll(async () => {
  await database?.close();
  await source?.drop();
  await admin(`drop database if exists ${emptyName} with (force)`);
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('sends each daily backup to the bucket, keeps BACKUP_KEEP there, and restores one from it', async () => {
  const { STORAGE: _images, ...bucket } = s3.env;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: source.url,
    LOG_LEVEL: 'silent',
    BACKUP_TIME: '02:30',
    BACKUP_KEEP: '2',
    BACKUP_S3_PREFIX: 'shop/backups',
    ...bucket,
  });
  // Three days' backups, a day apart, as the schedule would take them (file names carry the time they were taken).
  const backupSource = { config, db: database.db, databaseUrl: source.url, clusterDir: null };
  for (const day of [1, 2, 3]) {
    expect(await runScheduledBackup(backupSource, new Date(Date.now() + day * 86_400_000))).toBe(true);
    // The job's claim goes by the database's clock: the next day's check may claim it again at once.
    await database.db.execute("update job_runs set started_at = now() - interval '1 day' where name = 'backup'");
    // File names are by the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'ap-south-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'shop/backups/' }));
  const keys = (listed.Contents ?? []).map((object) => object.Key!).sort();
  expect(keys).toHaveLength(2);
  expect(keys.every((key) => /^shop\/backups\/bagshop-backup-\d{8}-\d{6}\.tar\.gz$/.test(key))).toBe(true);
  expect(fs.readdirSync(config.backupDir).filter((name) => name.endsWith('.tar.gz'))).toEqual([]);
  const rows = await database.db.select().from(backups).where(eq(backups.kind, 'scheduled'));
  expect(
    rows.map((row) => row.location).filter((l) => keys.some((key) => l === `s3://${s3.bucket}/${key}`)),
  ).toHaveLength(2);

  // The archived log goes beside the backups, each segment once.
  const walDir = path.join(dataDir, 'wal-sent');
  fs.mkdirSync(walDir);
  for (const name of ['000000010000000000000001.gz', '000000010000000000000002.gz']) {
    fs.writeFileSync(path.join(walDir, name), name);
  }
  const sent = new Set<string>();
  await sendWalToBucket(config, 'shop/backups', walDir, sent);
  await sendWalToBucket(config, 'shop/backups', walDir, sent);
  expect([...sent].sort()).toEqual(['000000010000000000000001.gz', '000000010000000000000002.gz']);

  const target = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(inject('templateDatabaseUrl'), emptyName),
    LOG_LEVEL: 'silent',
    ...bucket,
  });
  const wal = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'shop/backups/wal/' }));
  client.destroy();
  expect((wal.Contents ?? []).map((object) => object.Key).sort()).toEqual([
    'shop/backups/wal/000000010000000000000001.gz',
    'shop/backups/wal/000000010000000000000002.gz',
  ]);
  const report = await restoreBackup(target, { file: `s3://${s3.bucket}/${keys.at(-1)}` });
  const [counted] = (await database.pool.query<{ users: string }>('select count(*) as users from users')).rows;
  expect(report.users).toBe(Number(counted!.users));
}, 120_000);

it('keeps the newest BACKUP_KEEP files in BACKUP_DIR and nothing else of its own', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-keep-'));
  const names = [
    'bagshop-backup-20261128-023000.tar.gz',
    'bagshop-backup-20261129-023000.tar.gz',
    'bagshop-backup-20261130-023000.tar.gz',
    'bagshop-backup-20261201-023000.tar.gz',
  ];
  for (const name of [...names, 'my-own-copy.tar.gz']) fs.writeFileSync(path.join(dir, name), name);
  await pruneBackups(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: dir, BACKUP_KEEP: '2' }));
  expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'my-own-copy.tar.gz']);
  fs.rmSync(dir, { recursive: true, force: true });
});
