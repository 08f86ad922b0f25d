import { noResultsAnswer, synonymsAnswer, synonymsBody } from '@bagshop/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { flushNoResultCounts, listNoResults, listSynonyms, replaceSynonyms } from './service.ts';

/** The administrator's Search screen: synonyms and the searches that found nothing (decision 048). */
export function searchAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    // Counts of searches that found nothing still waiting in this process are written before it stops.
    app.addHook('onClose', async () => {
      await flushNoResultCounts(deps.db).catch((error) => app.log.warn({ err: error }, 'search counts not written'));
      if (deps.catalogueDb !== deps.db) await flushNoResultCounts(deps.catalogueDb).catch(() => {});
    });
    const tags = ['admin search'];
    app.get(
      '/search/synonyms',
      {
        schema: {
          tags,
          summary: 'The synonyms the shop search uses, by word',
          response: { 200: synonymsAnswer },
        },
      },
      async () => listSynonyms(deps.db),
    );
    app.put(
      '/search/synonyms',
      {
        schema: {
          tags,
          summary: 'Replace the synonyms',
          description:
            'The whole list (at most 200): a shopper who searches a word also finds what it means. Words are kept ' +
            'in lower case; a word may appear once and may not mean itself.',
          body: synonymsBody,
          response: { 200: synonymsAnswer },
        },
      },
      async (request) => replaceSynonyms(deps.db, userOf(request).id, request.body),
    );
    app.get(
      '/search/no-results',
      {
        schema: {
          tags,
          summary: 'Keyword searches that found nothing in the last 30 days, most frequent first',
          description: 'Counted per search (lower case) and day in India time; at most 100.',
          response: { 200: noResultsAnswer },
        },
      },
      async () => listNoResults(deps.readDb),
    );
  };
}
