import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import { categorySchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  shopCategories,
  toggleCategoryBlock,
  updateCategory,
} from './service.ts';

/** Categories (docs/product.md §7 "Category"): the public list for the shop, everything else for administrators. */
export function categoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['categories'];
    const admin = { preHandler: deps.guards.requireAdmin };

    app.get('/all', { schema: { tags } }, async () => ({ all: await shopCategories(db) }));

    app.post('/', { ...admin, schema: { tags, body: categorySchema } }, async (request, reply) => {
      const category = await createCategory(db, userOf(request).id, request.body);
      return reply.status(201).send({ message: `${category.name} ${CATALOGUE_MSG.categoryCreated}`, category });
    });

    app.get('/', { ...admin, schema: { tags, querystring: listQuerySchema } }, async (request) =>
      listCategories(db, request.query),
    );

    app.get('/:id', { ...admin, schema: { tags, params: idParams } }, async (request) => ({
      category: await getCategory(db, request.params.id),
    }));

    app.put('/:id', { ...admin, schema: { tags, params: idParams, body: categorySchema } }, async (request) => ({
      message: CATALOGUE_MSG.categoryUpdated,
      category: await updateCategory(db, userOf(request).id, request.params.id, request.body),
    }));

    app.delete('/:id', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      await deleteCategory(db, userOf(request).id, request.params.id);
      return { message: CATALOGUE_MSG.deleted };
    });

    app.put('/:id/unblock', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      const category = await toggleCategoryBlock(db, userOf(request).id, request.params.id);
      return { message: category.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, category };
    });
  };
}
