import { RESTOCK_MSG } from '@bagshop/shared/restock-messages';
import { restockAlertAnswer, restockAlertStatusAnswer } from '@bagshop/shared/schemas/restock-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { askForRestockMail, cancelRestockMail, isWaitingForRestock } from './service.ts';

/** "Notify me" on an out-of-stock product, for the signed-in shopper (docs/product.md §2 Shopping). */
export function restockAlertRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['catalogue'];

    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Whether the shopper asked for a mail when this product is back in stock',
          params: idParams,
          response: { 200: restockAlertStatusAnswer, ...errors(404) },
        },
      },
      async (request) => ({ notifying: await isWaitingForRestock(db, userOf(request).id, request.params.id) }),
    );

    app.post(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Ask for one mail when this out-of-stock product is back',
          description: 'Idempotent. 404 for an unknown or blocked product, 409 when it is in stock.',
          params: idParams,
          response: { 200: restockAlertAnswer, ...errors(404, 409) },
        },
      },
      async (request) => {
        await askForRestockMail(db, userOf(request).id, request.params.id);
        return { notifying: true, message: RESTOCK_MSG.asked };
      },
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Take back the request for a restock mail',
          description: 'Idempotent. 404 for an unknown or blocked product.',
          params: idParams,
          response: { 200: restockAlertAnswer, ...errors(404) },
        },
      },
      async (request) => {
        await cancelRestockMail(db, userOf(request).id, request.params.id);
        return { notifying: false, message: RESTOCK_MSG.stopped };
      },
    );
  };
}
