import type { ShopSettings } from '@bagshop/shared/shop-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { shopSettingsOf } from '../shop-settings/service.ts';
import { publicOrigin, sendPage } from './html-answer.ts';
import { withHead } from './page-head.ts';
import { homePage, productPage, robotsTxt, type StorefrontPage, shopListPage, sitemapXml } from './service.ts';

const HTML = 'text/html; charset=utf-8';
/**
 * The storefront's landing pages as the built index.html with their own head, and what search engines read:
 * /sitemap.xml and /robots.txt (docs/decisions/025-pages-for-search-engines.md). `indexHtml` is the built page, or
 * null when this process serves no web app (then only the sitemap and robots.txt are answered here).
 */
export function storefrontPageRoutes(deps: AppDeps, indexHtml: string | null): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    const hide = { hide: true };

    app.get('/sitemap.xml', { schema: hide }, async (request, reply) =>
      sendPage(request, reply, {
        status: 200,
        type: 'application/xml; charset=utf-8',
        body: await sitemapXml(db, publicOrigin(config, request)),
      }),
    );
    app.get('/robots.txt', { schema: hide }, async (request, reply) =>
      sendPage(request, reply, {
        status: 200,
        type: 'text/plain; charset=utf-8',
        body: robotsTxt(publicOrigin(config, request)),
      }),
    );

    if (indexHtml === null) return;
    const template = indexHtml;
    // As GET /api/shop/settings answers: handed to the app in the page, so its first render shows the test-mode
    // ribbon the frame already shows, and nothing moves.
    const settings: ShopSettings = shopSettingsOf(deps);
    const sendStorefrontPage =
      (request: Parameters<typeof sendPage>[0], reply: Parameters<typeof sendPage>[1]) => (page: StorefrontPage) =>
        sendPage(request, reply, {
          status: page.status,
          type: HTML,
          body: withHead(template, page.head, settings),
        });

    app.get('/', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(request, reply)(homePage(publicOrigin(config, request))),
    );
    // Any filters are the web app's to read; a query never makes the page fail.
    app.get('/shop-products', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(request, reply)(await shopListPage(db, publicOrigin(config, request), request.query)),
    );
    app.get<{ Params: { id: string } }>('/details/:id', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(request, reply)(await productPage(db, publicOrigin(config, request), request.params.id)),
    );
  };
}
