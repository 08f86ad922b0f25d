import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { METRICS_PATH, metricsReader } from '../../platform/metrics.ts';
import { metricsScrape } from './service.ts';

/**
 * `GET /metrics` in Prometheus's text format, for METRICS_TOKEN or this machine only (docs/decisions/045-metrics.md).
 * Not in the API document, not cached, not rate limited (a scraper calls it every few seconds).
 */
export function metricsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const scrape = metricsScrape(deps);
  const mayRead = metricsReader(deps.config.METRICS_TOKEN);
  return async (app) => {
    app.get(
      METRICS_PATH,
      {
        schema: { hide: true },
        // Anyone else gets exactly what an unknown address gets, so nothing tells them this one exists.
        onRequest: (request, reply, done) => {
          if (mayRead(request)) done();
          else reply.callNotFound();
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .type(deps.metrics.contentType)
          .send(await scrape()),
    );
  };
}
