import { bulkBlockMessage } from '@bagshop/shared/admin-list-messages';
import { MAX_PRODUCT_IMAGES } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import {
  adminProductExportQuery,
  adminProductListQuery,
  bulkBlockAnswer,
  bulkBlockSchema,
  csvFileAnswer,
} from '@bagshop/shared/schemas/admin-lists';
import { messageAnswer } from '@bagshop/shared/schemas/answers';
import { productChangedAnswer, productPageAnswer } from '@bagshop/shared/schemas/catalogue';
import { productCreateForm, productUpdateForm } from '@bagshop/shared/schemas/product-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import { sendCsv } from '../../platform/csv-export.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idAndIndexParams, idParams } from '../../platform/path-params.ts';
import { errors } from '../../platform/route-contract.ts';
import {
  adminProductCsvRows,
  bulkBlockProducts,
  createProduct,
  deleteProduct,
  deleteProductImage,
  listAdminProducts,
  PRODUCT_CSV_HEADER,
  toggleProductBlock,
  updateProduct,
} from './admin-service.ts';
import { readProductForm } from './product-images.ts';

/** The administrator's products (docs/product.md §7 "Products"): multipart forms with up to 8 images each. */
export function productAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const tags = ['admin products'];
    const admin = { onRequest: deps.guards.requireAdmin };
    const deleted = messageAnswer.meta({ examples: [{ message: CATALOGUE_MSG.deleted }] });

    app.get(
      '/',
      {
        ...admin,
        schema: {
          tags,
          summary: 'One page of products (administrator)',
          description:
            'Every live product, blocked ones too, searched by name or brand; 6, 25, 50 or 100 a page, sorted by ' +
            'one listed column (newest first unless asked).',
          querystring: adminProductListQuery,
          response: { 200: productPageAnswer },
        },
      },
      async (request) => listAdminProducts(db, request.query),
    );

    app.get(
      '/export',
      {
        ...admin,
        schema: {
          tags,
          summary: 'The products list as a CSV file (administrator)',
          description:
            "Every product the search selects, in the list's order: UTF-8 with a byte order mark, prices in rupees " +
            'with two decimals, dates in India time; a cell that would start a formula begins with an apostrophe.',
          querystring: adminProductExportQuery,
          response: { 200: csvFileAnswer },
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'products.csv', PRODUCT_CSV_HEADER, adminProductCsvRows(db, request.query)),
    );

    app.put(
      '/bulk-block',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Block or unblock several products at once',
          description: 'One transaction; products already in that state, deleted or unknown are left alone.',
          body: bulkBlockSchema,
          response: { 200: bulkBlockAnswer },
        },
      },
      async (request) => {
        const changed = await bulkBlockProducts(db, userOf(request).id, request.body);
        return {
          changed,
          message: bulkBlockMessage(changed, ['product', 'products'], request.body.action === 'block'),
        };
      },
    );

    app.post(
      '/',
      {
        ...admin,
        config: { multipartBody: productCreateForm },
        schema: {
          tags,
          summary: 'Add a product',
          description:
            'A multipart form: the product fields and 1 to 8 images under `pdImage`. SKUs are unique among live products regardless of case (409 when taken).',
          consumes: ['multipart/form-data'],
          response: { 201: productChangedAnswer, ...errors(409) },
        },
      },
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
        schema: {
          tags,
          summary: 'Edit a product',
          description:
            'A multipart form: the fields, `existingImages` to keep in order, and new images appended. Leaving `sku` out keeps it; an empty one clears it (409 when another product has it).',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: productChangedAnswer, ...errors(409) },
        },
      },
      async (request) => {
        const form = await readProductForm(request, MAX_PRODUCT_IMAGES);
        return {
          message: CATALOGUE_MSG.productEdited,
          product: await updateProduct(deps, userOf(request).id, request.params.id, form),
        };
      },
    );

    app.delete(
      '/:id',
      { ...admin, schema: { tags, summary: 'Delete a product', params: idParams, response: { 200: deleted } } },
      async (request) => {
        await deleteProduct(db, userOf(request).id, request.params.id);
        return { message: CATALOGUE_MSG.deleted };
      },
    );

    app.put(
      '/:id/unblock',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Block or unblock a product',
          description: 'Toggles it; a blocked product stays visible by id but is not for sale.',
          params: idParams,
          response: { 200: productChangedAnswer },
        },
      },
      async (request) => {
        const product = await toggleProductBlock(db, userOf(request).id, request.params.id);
        return { message: product.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, product };
      },
    );

    app.delete(
      '/:id/:index',
      {
        ...admin,
        schema: {
          tags,
          summary: "Remove one of a product's images",
          description: 'By its place in the list, from 0; the last image cannot be removed (409).',
          params: idAndIndexParams,
          response: { 200: productChangedAnswer, ...errors(409) },
        },
      },
      async (request) => ({
        message: CATALOGUE_MSG.imageRemoved,
        product: await deleteProductImage(deps, userOf(request).id, request.params.id, request.params.index),
      }),
    );
  };
}
