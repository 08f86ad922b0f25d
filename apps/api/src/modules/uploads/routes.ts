import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { readUploads, storeImages } from './service.ts';

/** Image upload for administrators (docs/product.md §7): stores product-sized webp images and answers their URLs. */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      { preHandler: deps.guards.requireAdmin, schema: { tags: ['uploads'], consumes: ['multipart/form-data'] } },
      async (request) => ({ images: await storeImages(deps.storage, await readUploads(request)) }),
    );
  };
}
