import type { ShopSettings } from '@bagshop/shared/shop-settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { shopSettingsOf } from '../shop-settings/service.ts';
import { sendPage } from './html-answer.ts';
import { type LandingPages, loadLandingPages } from './landing-render.ts';

export { RENDERER_DIR } from './landing-render.ts';

import { withHead } from './page-head.ts';
import { homePage, productPage, robotsTxt, type StorefrontPage, shopListPage, sitemapXml } from './service.ts';

const HTML = 'text/html; charset=utf-8';
/** The built web app: its folder and its index.html. */
export interface BuiltWebApp {
  dist: string;
  indexHtml: string;
}

/**
 * The storefront's landing pages drawn by React on the server inside the built index.html, with their own head, and
 * what search engines read: /sitemap.xml and /robots.txt (docs/decisions/025-pages-for-search-engines.md,
 * 047-server-rendered-landing-pages.md). `web` is null when this process serves no web app (then only the sitemap and
 * robots.txt are answered here).
 */
export function storefrontPageRoutes(deps: AppDeps, web: BuiltWebApp | null): FastifyPluginAsyncZod {
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

    if (web === null) return;
    const template = web.indexHtml;
    let landing: LandingPages | null = null;
    try {
      landing = await loadLandingPages(web.dist, web.indexHtml);
    } catch (error) {
      app.log.error({ err: error }, 'the landing pages renderer did not load: the pages are drawn by the browser');
    }
    // As GET /api/shop/settings answers: handed to the app in the page, so its first render shows the test-mode
    // ribbon the frame already shows, and nothing moves.
    const settings: ShopSettings = shopSettingsOf(deps);
    /** Drawn by React when it can be; a page it cannot draw is still the frame the app draws in the browser. */
    const drawn = async (request: FastifyRequest, page: StorefrontPage): Promise<string> => {
      if (landing === null || page.status !== 200) return template;
      try {
        return (await landing.render(request.url, page.head.apiAnswers ?? {}, settings)) ?? template;
      } catch (error) {
        request.log.error({ err: error }, 'a landing page could not be drawn on the server');
        return template;
      }
    };
    const sendStorefrontPage =
      (request: FastifyRequest, reply: Parameters<typeof sendPage>[1]) => async (page: StorefrontPage) =>
        sendPage(request, reply, {
          status: page.status,
          type: HTML,
          body: withHead(await drawn(request, page), page.head, settings),
        });

    app.get('/', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(request, reply)(await homePage(db, publicOrigin(config, request))),
    );
    // Any filters are read as the web app reads them; a query never makes the page fail.
    app.get('/shop-products', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(
        request,
        reply,
      )(await shopListPage(db, publicOrigin(config, request), request.url.split('?')[1] ?? '')),
    );
    app.get<{ Params: { id: string } }>('/details/:id', { schema: hide }, async (request, reply) =>
      sendStorefrontPage(request, reply)(await productPage(db, publicOrigin(config, request), request.params.id)),
    );
  };
}
