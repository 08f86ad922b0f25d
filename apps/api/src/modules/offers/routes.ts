import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import { offerSchema } from '@bagshop/shared/schemas/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  toggleOfferBlock,
  updateOffer,
  usableOffers,
} from './service.ts';

/** The administrator's offers (docs/product.md §7 "Offers, admin"); percent discounts on products or categories. */
export function offerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin offers'];

    app.post('/offers/add', { schema: { tags, body: offerSchema } }, async (request, reply) => {
      const offer = await createOffer(db, userOf(request).id, request.body);
      return reply.status(201).send({ message: CATALOGUE_MSG.offerCreated, offer });
    });

    app.get('/offers', { schema: { tags, querystring: listQuerySchema } }, async (request) =>
      listOffers(db, request.query),
    );

    app.get('/offers/:id', { schema: { tags, params: idParams } }, async (request) => ({
      offer: await getOffer(db, request.params.id),
    }));

    app.put('/offers/edit/:id', { schema: { tags, params: idParams, body: offerSchema } }, async (request) => ({
      message: CATALOGUE_MSG.offerUpdated,
      offer: await updateOffer(db, userOf(request).id, request.params.id, request.body),
    }));

    app.delete('/offers/:id', { schema: { tags, params: idParams } }, async (request) => {
      await deleteOffer(db, userOf(request).id, request.params.id);
      return { message: CATALOGUE_MSG.deleted };
    });

    app.put('/offers/:id/unblock', { schema: { tags, params: idParams } }, async (request) => {
      const offer = await toggleOfferBlock(db, userOf(request).id, request.params.id);
      return { message: offer.isExist ? CATALOGUE_MSG.unblocked : CATALOGUE_MSG.blocked, offer };
    });

    const allOffers = async () => ({ offers: await usableOffers(db) });
    app.get('/alloffers/', { schema: { tags } }, allOffers);
    app.get('/alloffers', { schema: { tags, hide: true } }, allOffers);
  };
}
