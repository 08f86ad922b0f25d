import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';

/** What Razorpay's checkout loads: its script, its payment frames and the calls they make. */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

/**
 * Security headers of every answer (docs/decisions/009-safe-defaults.md): only the shop's own scripts plus
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
        imgSrc: ["'self'", 'data:', 'blob:', ...RAZORPAY.img],
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
