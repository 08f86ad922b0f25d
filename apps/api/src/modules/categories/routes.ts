import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { adminCategoryListQuery } from '@bagshop/shared/schemas/admin-lists';
import { messageAnswer } from '@bagshop/shared/schemas/answers';
import {
  categoryChangedAnswer,
  categoryListAnswer,
  categorySchema,
  oneCategoryAnswer,
  shopCategoriesAnswer,
} from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors } from '../../platform/route-contract.ts';
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
  const { db, catalogueDb } = deps;
  return async (app) => {
    const tags = ['categories'];
    const admin = { onRequest: deps.guards.requireAdmin };
    const deleted = messageAnswer.meta({ examples: [{ message: CATALOGUE_MSG.deleted }] });

    app.get(
      '/all',
      {
        config: { responseCache: {} },
        schema: {
          tags,
          summary: 'The categories the shop shows',
          description: 'Live, unblocked categories with their offer, for the shop filters and menus.',
          response: { 200: shopCategoriesAnswer },
        },
      },
      async () => ({ all: await shopCategories(catalogueDb) }),
    );

    const created = { 201: categoryChangedAnswer, ...errors(409) };
    app.post(
      '/',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Create a category',
          description: 'Names are unique among live categories regardless of case (409 when taken).',
          body: categorySchema,
          response: created,
        },
      },
      async (request, reply) => {
        const category = await createCategory(db, userOf(request).id, request.body);
        return reply.status(201).send({ message: `${category.name} ${CATALOGUE_MSG.categoryCreated}`, category });
      },
    );

    app.get(
      '/',
      {
        ...admin,
        schema: {
          tags,
          summary: 'One page of categories (administrator)',
          querystring: adminCategoryListQuery,
          response: { 200: categoryListAnswer },
        },
      },
      async (request) => listCategories(db, request.query),
    );

    app.get(
      '/:id',
      { ...admin, schema: { tags, summary: 'One category', params: idParams, response: { 200: oneCategoryAnswer } } },
      async (request) => ({
        category: await getCategory(db, request.params.id),
      }),
    );

    app.put(
      '/:id',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Edit a category',
          params: idParams,
          body: categorySchema,
          response: { 200: categoryChangedAnswer, ...errors(409) },
        },
      },
      async (request) => ({
        message: CATALOGUE_MSG.categoryUpdated,
        category: await updateCategory(db, userOf(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/:id',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Delete a category',
          description: 'Refused with 409 while live products are in it.',
          params: idParams,
          response: { 200: deleted, ...errors(409) },
        },
      },
      async (request) => {
        await deleteCategory(db, userOf(request).id, request.params.id);
        return { message: CATALOGUE_MSG.deleted };
      },
    );

    app.put(
      '/:id/unblock',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Block or unblock a category',
          description: "Toggles it; a blocked category's products stay visible by id but are not for sale.",
          params: idParams,
          response: { 200: categoryChangedAnswer },
        },
      },
      async (request) => {
        const category = await toggleCategoryBlock(db, userOf(request).id, request.params.id);
        return { message: category.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, category };
      },
    );
  };
}
