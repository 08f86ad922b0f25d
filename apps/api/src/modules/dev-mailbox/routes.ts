import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { renderMailbox } from './page.ts';
import { listOutbox } from './service.ts';

/** Development only (no SMTP_URL, not production): the outbox as a page and as JSON. */
export function devMailboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
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
