import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { notFound } from './errors.ts';
import type { ImageStorage } from './storage.ts';
import { IMAGE_CACHE_CONTROL, type S3ImageStorage } from './storage-s3.ts';

const isS3Storage = (storage: ImageStorage): storage is S3ImageStorage => 'read' in storage;

/**
 * `GET /uploads/<folder>/<name>.webp`: from disk, or from the bucket when STORAGE=s3 (images saved before a move to
 * a bucket keep their `/uploads/` URLs, and without S3_PUBLIC_URL every image is read through the shop). Every
 * stored picture has a new random name, so a name never shows other bytes: cached for a year.
 */
export async function serveUploads(app: FastifyInstance, config: Config, storage: ImageStorage): Promise<void> {
  if (isS3Storage(storage)) {
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const object = await storage.read((request.params as { '*': string })['*']);
      if (!object) throw notFound();
      reply.header('content-type', 'image/webp').header('cache-control', IMAGE_CACHE_CONTROL);
      if (object.length !== undefined) reply.header('content-length', object.length);
      return reply.send(object.body);
    });
    return;
  }
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });
}
