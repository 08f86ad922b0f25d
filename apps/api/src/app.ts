import fs from 'node:fs';
import path from 'node:path';
import { DEV_MAILBOX_PATH } from '@bagshop/shared/code-delivery';
import { MAX_IMAGE_BYTES } from '@bagshop/shared/limits';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminOrderRoutes } from './modules/admin-orders/routes.ts';
import { attentionRoutes } from './modules/attention/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { cartCouponRoutes } from './modules/cart/coupon-routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogueImportRoutes } from './modules/catalogue-import/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { contactInboxRoutes } from './modules/contact/inbox-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { couponAdminRoutes, couponShopperRoutes } from './modules/coupons/routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.ts';
import { gstReturnRoutes } from './modules/gst-returns/routes.ts';
import { insightRoutes } from './modules/insight/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { invoiceRoutes } from './modules/orders/invoice-routes.ts';
import { orderPaymentRoutes } from './modules/orders/payment-routes.ts';
import { codConfirmLinkRoutes, orderRoutes } from './modules/orders/routes.ts';
import { trackRoutes } from './modules/orders/track-routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { walletTopUpRoutes } from './modules/payments/top-up-routes.ts';
import { productAdminRoutes } from './modules/products/admin-routes.ts';
import { productStoreRoutes } from './modules/products/routes.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { restockAlertRoutes } from './modules/restock-alerts/routes.ts';
import { searchAdminRoutes } from './modules/search/routes.ts';
import { adminShipmentRoutes, shippingWebhookRoutes } from './modules/shipping/routes.ts';
import { shopSettingsRoutes } from './modules/shop-settings/routes.ts';
import { stockLedgerRoutes } from './modules/stock-ledger/routes.ts';
import { RENDERER_DIR, storefrontPageRoutes } from './modules/storefront-pages/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { adminUserRoutes } from './modules/users/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { createAccessTokens } from './platform/access-tokens.ts';
import { createGuards } from './platform/auth-guard.ts';
import { answerFrameworkError, refuseBadInput } from './platform/bad-input.ts';
import { healthHandler } from './platform/database-health.ts';
import type { AppDeps, RemotePictureFetcher } from './platform/deps.ts';
import { notFound, registerErrorHandler } from './platform/errors.ts';
import { fastSerializerCompiler } from './platform/fast-serializer.ts';
import type { Mailer } from './platform/mail.ts';
import { countRequests, createShopMetrics, type ShopMetrics, watchProcess } from './platform/metrics.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import { createSandboxProvider } from './platform/payments/sandbox.ts';
import { postgresRateLimitStore } from './platform/rate-limit-store.ts';
import type { Realtime } from './platform/realtime.ts';
import { createSocketRealtime } from './platform/realtime-socket.ts';
import { createRemotePictures } from './platform/remote-pictures.ts';
import {
  flushRequestLines,
  lazyRequestLogger,
  RequestLogController,
  requestLogOptions,
} from './platform/request-log.ts';
import { registerResponseCache } from './platform/response-cache.ts';
import { BEARER_SCHEME, documentRoutes, documentTransform } from './platform/route-contract.ts';
import { corsOptions, securityHeaders } from './platform/security-headers.ts';
import { createShippingProvider } from './platform/shipping/create-provider.ts';
import type { ShippingProvider } from './platform/shipping/provider.ts';
import { createSignedLinks } from './platform/signed-links.ts';
import type { ImageStorage } from './platform/storage.ts';
import { serveUploads } from './platform/uploads-serving.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    metrics: ShopMetrics;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** A read replica (DATABASE_READ_URL); the primary when not given. */
  readDb?: Db;
  /** The database's connection pool; live events travel through it when SOCKET_ADAPTER is 'postgres'. */
  pool?: pg.Pool;
  mailer: Mailer;
  storage: ImageStorage;
  jwtSecret: string;
  /** The card payment provider; null when card payments are off; the sandbox when not given (tests). */
  payments?: PaymentProvider | null;
  /** The courier service; the one SHIPPING_PROVIDER names when not given (tests pass one at their fake). */
  shipping?: ShippingProvider;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
  /** How the catalogue import fetches pictures by address; by the rules of IMPORT_IMAGE_HOSTS when not given. */
  remotePictures?: RemotePictureFetcher;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? requestLogOptions(config.LOG_LEVEL),
    logController: new RequestLogController(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler({ checkAnswers: config.NODE_ENV === 'test' }));
  registerErrorHandler(app);
  refuseBadInput(app);
  const metrics = createShopMetrics();
  countRequests(app, metrics);
  // Jobs outside a request (refund retries) count what they settle in the same registry.
  app.decorate('metrics', metrics);

  const tokens = createAccessTokens(options.jwtSecret);
  const realtime = createSocketRealtime(app.server, options.db, tokens, {
    sharedThrough: config.SOCKET_ADAPTER === 'postgres' ? options.pool : undefined,
    onAdapterError: (error) => app.log.error({ err: error }, 'live events between shop processes failed'),
  });
  app.addHook('preClose', async () => realtime.close());
  app.addHook('onClose', async () => flushRequestLines(app.log));
  // Jobs outside a request (the unpaid-order expiry) send their live events through the same sockets.
  app.decorate('realtime', realtime as Realtime);
  const deps: AppDeps = {
    config,
    db: options.db,
    readDb: options.readDb ?? options.db,
    // A cached answer stays until the next catalogue change: one read from a lagging replica would outlive its lag.
    catalogueDb: config.RESPONSE_CACHE === 'off' ? (options.readDb ?? options.db) : options.db,
    mailer: options.mailer,
    storage: options.storage,
    tokens,
    signedLinks: createSignedLinks(options.jwtSecret),
    guards: createGuards(options.db, tokens),
    payments:
      options.payments === undefined ? createSandboxProvider(`${options.jwtSecret}:payments`) : options.payments,
    shipping: options.shipping ?? createShippingProvider(config),
    realtime,
    metrics,
    remotePictures: options.remotePictures ?? createRemotePictures({ hosts: config.IMPORT_IMAGE_HOSTS }),
  };

  app.addHook('onRequest', await securityHeaders(config));
  if (config.CORS_ORIGINS.length > 0) await app.register(cors, corsOptions(config.CORS_ORIGINS));
  // The web app is built without source maps; one put there by hand is not served either.
  app.addHook('onRequest', (request, _reply, done) => {
    const queryAt = request.url.indexOf('?');
    done(request.url.slice(0, queryAt === -1 ? undefined : queryAt).endsWith('.map') ? notFound() : undefined);
  });
  // Here, so a cached answer carries the headers above and skips the cookie and multipart hooks below it.
  if (config.RESPONSE_CACHE === 'on') registerResponseCache(app, options.pool);
  watchProcess(metrics, {
    pool: options.pool ?? (options.db as Db & { $client: pg.Pool }).$client,
    cache: config.RESPONSE_CACHE === 'on' ? app.responseCache : null,
  });
  await app.register(cookie, { secret: options.jwtSecret });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 20 } });
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(options.db) });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bag Shop API',
        version: '1.0.0',
        description: 'Amounts are rupees with at most two decimals; every error is the ApiError shape.',
      },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token from sign-in, renewed by POST /api/user/auth/refresh.',
          },
        },
      },
    },
    transform: documentTransform,
    transformObject: jsonSchemaTransformObject,
  });
  documentRoutes(app, { checkResponses: config.NODE_ENV === 'test' });
  // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  app.get('/api/health', { schema: { hide: true } }, healthHandler(options.db));
  await app.register(metricsRoutes(deps));
  await app.register(shopSettingsRoutes(deps), { prefix: '/api/shop' });
  await app.register(authRoutes(deps), { prefix: '/api/user' });
  await app.register(accountRoutes(deps), { prefix: '/api/user' });
  await app.register(adminUserRoutes(deps), { prefix: '/api/user' });
  await app.register(referralRoutes(deps), { prefix: '/api/user' });
  await app.register(offerRoutes(deps), { prefix: '/api/user/admin' });
  await app.register(couponAdminRoutes(deps), { prefix: '/api/user/admin' });
  await app.register(couponShopperRoutes(deps), { prefix: '/api/user' });
  await app.register(cartCouponRoutes(deps), { prefix: '/api/user' });
  await app.register(categoryRoutes(deps), { prefix: '/api/category' });
  await app.register(productStoreRoutes(deps), { prefix: '/api/products' });
  await app.register(productAdminRoutes(deps), { prefix: '/api/products' });
  await app.register(wishlistRoutes(deps), { prefix: '/api/products' });
  await app.register(restockAlertRoutes(deps), { prefix: '/api/user/notify-me' });
  await app.register(cartRoutes(deps), { prefix: '/api/products' });
  await app.register(uploadRoutes(deps), { prefix: '/api/upload' });
  await app.register(orderRoutes(deps), { prefix: '/api/orders' });
  await app.register(codConfirmLinkRoutes(deps), { prefix: '/api/orders' });
  await app.register(adminOrderRoutes(deps), { prefix: '/api/orders' });
  await app.register(invoiceRoutes(deps), { prefix: '/api/orders' });
  await app.register(orderPaymentRoutes(deps), { prefix: '/api/user' });
  await app.register(trackRoutes(deps), { prefix: '/api' });
  await app.register(paymentRoutes(deps), { prefix: '/api' });
  await app.register(walletRoutes(deps), { prefix: '/api/wallet' });
  await app.register(deliveryRoutes(deps), { prefix: '/api' });
  await app.register(shippingWebhookRoutes(deps), { prefix: '/api' });
  await app.register(adminShipmentRoutes(deps), { prefix: '/api/admin' });
  await app.register(gstReturnRoutes(deps), { prefix: '/api/admin' });
  await app.register(attentionRoutes(deps), { prefix: '/api/admin' });
  await app.register(stockLedgerRoutes(deps), { prefix: '/api/admin' });
  await app.register(searchAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(catalogueImportRoutes(deps), { prefix: '/api/admin' });
  await app.register(walletTopUpRoutes(deps), { prefix: '/api' });
  await app.register(contactRoutes(deps), { prefix: '/api/contact' });
  await app.register(contactInboxRoutes(deps), { prefix: '/api/user/admin/contact-messages' });
  await app.register(insightRoutes(deps), { prefix: '/api/user/admin' });
  await app.register(auditRoutes(deps), { prefix: '/api/user/admin/audit' });
  if (config.isDevelopment && !config.SMTP_URL)
    await app.register(devMailboxRoutes(deps), { prefix: DEV_MAILBOX_PATH });

  await serveUploads(app, config, options.storage);
  serveWebApp(app, deps);
  return app;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built React app, with every unknown non-API GET answered by index.html (client-side routing). Text files are
 * sent as the brotli or gzip copies the build wrote beside them; hashed assets are cached for a year, everything
 * else (index.html first) is revalidated on every use, so a new release is seen at once
 * (docs/decisions/023-storefront-first-load.md).
 */
function serveWebApp(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : null;
  const hasWeb = dist !== null && fs.existsSync(path.join(dist, 'index.html'));
  // The landing pages carry their own head for search engines and link previews (docs/decisions/025-pages-for-search-engines.md).
  const indexHtml = hasWeb ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8') : null;
  app.register(storefrontPageRoutes(deps, dist !== null && indexHtml !== null ? { dist, indexHtml } : null));
  if (hasWeb) {
    // Vite writes only files named after a hash of their content under `assets/`: a changed file is a new address.
    const hashedAssets = path.join(dist, 'assets') + path.sep;
    app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The landing pages' renderer is the server's own code, not the browser's.
      allowedPath: (pathName) => !pathName.startsWith(`/${RENDERER_DIR}/`),
      setHeaders: (reply, filePath) =>
        reply.header('cache-control', filePath.startsWith(hashedAssets) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/dev/');
    if (hasWeb && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    reply.status(404).send({ message: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
  });
}
