import { imageUploadForm, uploadedImagesAnswer } from '@bagshop/shared/schemas/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { readUploads, storeImages } from './service.ts';

/** Image upload for administrators (docs/product.md §7): stores product-sized webp images and answers their URLs. */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/',
      {
        onRequest: deps.guards.requireAdmin,
        config: { multipartBody: imageUploadForm },
        schema: {
          tags: ['uploads'],
          summary: 'Store product images',
          description: 'Each image is re-encoded as a large webp and a thumbnail before any of them is stored.',
          consumes: ['multipart/form-data'],
          response: { 200: uploadedImagesAnswer },
        },
      },
      async (request) => ({ images: await storeImages(deps.storage, await readUploads(request)) }),
    );
  };
}
