import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { isDirectLocalRequest } from '../../platform/loopback.ts';
import { renderMailbox } from './page.ts';
import { listOutbox } from './service.ts';

/**
 * Development only (NODE_ENV=development, no SMTP_URL): the outbox as a page and as JSON, for this machine only.
 * The socket's own peer address decides, never X-Forwarded-For (anyone can write it). A request that a proxy
 * forwarded is refused too: through a proxy on this machine every visitor would arrive from the loopback address.
 */
export function devMailboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isDirectLocalRequest(request)) throw notFound();
    });

    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderMailbox(await listOutbox(db))),
    );

    app.get('/messages', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ messages: await listOutbox(db) }),
    );
  };
}
