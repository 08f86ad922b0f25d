import type { FastifyCorsOptions } from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';

/** What Razorpay's checkout loads: its script, its payment frames and the calls they make. */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

/**
 * Security headers of every page (docs/decisions/009-safe-defaults.md): only the shop's own scripts plus
 * Razorpay's checkout; no framing of the shop; HSTS only when the shop is served over https. Sign in with Google
 * is a top-level redirect, so it needs nothing here.
 */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  const https = new URL(config.publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...RAZORPAY.script],
        scriptSrcAttr: ["'none'"],
        // Razorpay's checkout and the UI libraries set inline styles; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product pictures come from the bucket's public address when S3_PUBLIC_URL is set.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...RAZORPAY.img,
          ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...RAZORPAY.connect],
        frameSrc: RAZORPAY.frame,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Razorpay's checkout opens bank and UPI pages in pop-ups that report back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/** Headers of every answer that are not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * An API answer is JSON or a file, never a page a browser runs: it needs to be neither framed, sniffed nor read by
 * another site, and nothing of a page's policy (docs/decisions/050-security-headers-of-api-answers.md).
 */
const API_ANSWER_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** The page headers an API answer keeps as they are. */
const KEPT_ON_API_ANSWERS = new Set([
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** The API's answers, but for its documentation, which is a page (Swagger UI). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * Puts helmet's headers (helmetOptions) on every page, and the few an API answer needs on the API's answers. They are
 * the same on every answer (no nonces), so they are worked out once, by helmet itself on a probe request:
 * @fastify/helmet would rebuild helmet's middleware and parse the policy again on each request.
 */
export async function securityHeaders(config: Config): Promise<onRequestHookHandler> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => 'probe');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const pageHeaders: HeaderList = Object.entries(answer.headers)
    .filter(([name, value]) => !NOT_HELMETS.has(name) && typeof value === 'string')
    .map(([name, value]) => [name, value as string] as const);
  const apiHeaders: HeaderList = [
    ['content-security-policy', API_ANSWER_POLICY],
    ...pageHeaders.filter(([name]) => KEPT_ON_API_ANSWERS.has(name)),
  ];
  return (request, reply, done) => {
    for (const [name, value] of isApiAnswer(request.url) ? apiHeaders : pageHeaders) reply.header(name, value);
    done();
  };
}

/** CORS only for the origins CORS_ORIGINS names; the API signs in with bearer tokens, never cookies. */
export function corsOptions(origins: string[]): FastifyCorsOptions {
  return {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    exposedHeaders: ['content-disposition', 'retry-after'],
    credentials: false,
    maxAge: 600,
  };
}
