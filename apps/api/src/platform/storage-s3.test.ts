import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../test/catalogue.ts';
import { type S3Server, startS3Server } from '../../test/s3-server.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { loadConfig } from '../config.ts';
import { helmetOptions } from './security-headers.ts';
import { createS3Storage, type S3ImageStorage } from './storage-s3.ts';

const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

async function uploadForm(data: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'bag.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('images in an S3-compatible bucket (STORAGE=s3)', () => {
  let s3: S3Server;
  let t: TestApp;
  let bucket: S3ImageStorage;
  let admin: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    bucket = createS3Storage(settingsOf(s3));
    admin = await createUser(t, { isAdmin: true });
  });
  afterAll(async () => {
    bucket.close();
    await t.close();
    await s3.close();
  });

  it('stores uploads in the bucket under random keys and serves them through the shop for a year', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/upload',
      token: admin.token,
      ...(await uploadForm(await png())),
    });
    expect(res.statusCode).toBe(200);
    const [{ large, thumb }] = res.json().images;
    expect(large).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    expect(await bucket.has(keyOf(large))).toBe(true);
    expect(await bucket.has(keyOf(thumb))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', 'products'))).toBe(false);

    const served = await t.request({ method: 'GET', url: large });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers 404 for missing objects and for names that are not storage keys', async () => {
    for (const url of [
      '/uploads/products/00000000-0000-4000-8000-000000000000.webp',
      '/uploads/products/../secret.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/products/a.txt',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('removes the objects of a product image the administrator deletes', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/upload',
      token: admin.token,
      ...(await uploadForm(await png())),
    });
    const images = [
      ...res.json().images,
      ...res
        .json()
        .images.map(() => ({ large: '/uploads/products/kept.webp', thumb: '/uploads/products/kept-thumb.webp' })),
    ];
    const product = await createProduct(t, { categoryId: (await createCategory(t)).id, images });
    const removed = await t.request({ method: 'DELETE', url: `/api/products/${product.id}/0`, token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect(await bucket.has(keyOf(images[0].large))).toBe(false);
    expect(await bucket.has(keyOf(images[0].thumb))).toBe(false);
  });

  it('answers public bucket URLs with S3_PUBLIC_URL, and removes only keys of its own', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const store = createS3Storage({ ...settingsOf(s3), publicUrl });
    try {
      const url = await store.save(
        'users',
        await sharp(await png())
          .webp()
          .toBuffer(),
      );
      expect(url).toMatch(new RegExp(`^${publicUrl}/users/[0-9a-f-]{36}\\.webp$`));
      // The bucket's public address answers the object itself.
      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await store.remove(`${publicUrl}/users/../../${url.slice(publicUrl.length + 1)}`);
      await store.remove(`https://elsewhere.example/${url.slice(publicUrl.length + 1)}`);
      expect(await store.has(url.slice(publicUrl.length + 1))).toBe(true);
      await store.remove(url);
      expect(await store.has(url.slice(publicUrl.length + 1))).toBe(false);
    } finally {
      store.close();
    }
    // Browsers may load pictures from there: the content security policy names its origin.
    const config = loadConfig({ ...s3.env, JWT_SECRET: TEST_JWT_SECRET, S3_PUBLIC_URL: 'https://images.bagshop.in/p' });
    const csp = helmetOptions(config).contentSecurityPolicy;
    expect(csp && typeof csp === 'object' && csp.directives?.imgSrc).toContain('https://images.bagshop.in');
  });

  it('copies the images kept on disk into the bucket with npm run storage:migrate, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-migrate-'));
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    const keys = ['products/0f8e4c1a-5b6d-4e7f-8a9b-0c1d2e3f4a5b.webp', 'users/older-name-1.webp'];
    for (const key of keys) {
      fs.mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', key), webp);
    }
    fs.writeFileSync(path.join(dataDir, 'uploads', 'products', 'notes.txt'), 'not an image');
    const migrate = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx/esm', 'apps/api/src/cli/storage-migrate.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...s3.env },
      });
    try {
      expect((await migrate()).stdout).toContain('2 image(s) copied');
      for (const key of keys) {
        expect(await bucket.has(key)).toBe(true);
        // The URLs the database holds keep working: the shop serves them from the bucket.
        expect((await t.request({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);
      }
      expect(await bucket.has('products/notes.txt')).toBe(false);
      expect((await migrate()).stdout).toContain('0 image(s) copied');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function settingsOf(s3: S3Server) {
  return {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'ap-south-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
}
