import { MAX_PRODUCT_IMAGES } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import { productCreateForm, productUpdateForm } from '@bagshop/shared/schemas/product-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idAndIndexParams, idParams } from '../../platform/path-params.ts';
import {
  createProduct,
  deleteProduct,
  deleteProductImage,
  listAdminProducts,
  toggleProductBlock,
  updateProduct,
} from './admin-service.ts';
import { readProductForm } from './product-images.ts';

/** The administrator's products (docs/product.md §7 "Products"): multipart forms with up to 8 images each. */
export function productAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['admin products'];
    const admin = { preHandler: deps.guards.requireAdmin };

    app.get('/', { ...admin, schema: { tags, querystring: listQuerySchema } }, async (request) =>
      listAdminProducts(db, request.query),
    );

    app.post(
      '/',
      { ...admin, config: { multipartBody: productCreateForm }, schema: { tags, consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const product = await createProduct(
          deps,
          userOf(request).id,
          await readProductForm(request, MAX_PRODUCT_IMAGES),
        );
        return reply.status(201).send({ message: CATALOGUE_MSG.productAdded, product });
      },
    );

    app.put(
      '/:id',
      {
        ...admin,
        config: { multipartBody: productUpdateForm },
        schema: { tags, params: idParams, consumes: ['multipart/form-data'] },
      },
      async (request) => {
        const form = await readProductForm(request, MAX_PRODUCT_IMAGES);
        return {
          message: CATALOGUE_MSG.productEdited,
          product: await updateProduct(deps, userOf(request).id, request.params.id, form),
        };
      },
    );

    app.delete('/:id', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      await deleteProduct(db, userOf(request).id, request.params.id);
      return { message: CATALOGUE_MSG.deleted };
    });

    app.put('/:id/unblock', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      const product = await toggleProductBlock(db, userOf(request).id, request.params.id);
      return { message: product.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, product };
    });

    app.delete('/:id/:index', { ...admin, schema: { tags, params: idAndIndexParams } }, async (request) => ({
      message: CATALOGUE_MSG.imageRemoved,
      product: await deleteProductImage(deps, userOf(request).id, request.params.id, request.params.index),
    }));
  };
}
