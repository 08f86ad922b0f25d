import net from 'node:net';
import path from 'node:path';
import { isValidGstin } from '@bagshop/shared/gst/gstin';
import {
  DEFAULT_COD_CONFIRM_HOURS,
  DEFAULT_COD_OPEN_LIMIT,
  DEFAULT_ORDER_RATE_LIMIT,
  DEFAULT_PAYMENT_WINDOW_MINUTES,
  PAYMENT_PROVIDERS,
} from '@bagshop/shared/orders';
import {
  DEFAULT_PARCEL_CM,
  DEFAULT_WEIGHT_GRAMS,
  parseParcelSetting,
  WEIGHT_GRAMS_RANGE,
} from '@bagshop/shared/parcel';
import { INDIAN_STATE_VALUES } from '@bagshop/shared/places';
import {
  DEFAULT_COD_RTO_LIMIT,
  DEFAULT_SELLER_PINCODE,
  DEFAULT_SHIPPING_POLL_HOURS,
  SHIPPING_PROVIDERS,
} from '@bagshop/shared/shipping';
import { DEFAULT_LOW_STOCK_AT, MAX_STOCK } from '@bagshop/shared/stock';
import { z } from 'zod';

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
/** An https address, or nothing. */
const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be an https:// address' })
  .optional()
  .or(z.literal('').transform(() => undefined));
/** 'earliest-latest' days, e.g. '2-4': whole days from 0 to 60, the first not after the second. */
const zoneDays = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v, ctx) => {
      const match = /^(\d{1,2})-(\d{1,2})$/.exec(v);
      const [earliest, latest] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
      if (!(earliest <= latest && latest <= 60)) {
        ctx.addIssue({ code: 'custom', message: "must be days as 'earliest-latest', e.g. '2-4', at most 60" });
        return z.NEVER;
      }
      return { earliest, latest };
    });

const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** What Fastify's `trustProxy` takes: true, a hop count, or addresses/CIDRs/names such as 'loopback'. */
export type TrustProxy = boolean | number | string[];

/**
 * Fastify's own `trustProxy` ignores a bare hop count (it cannot tell the proxy from a direct client); the count
 * is applied here as asked: the nearest `hops` addresses are proxies. Only safe when the proxy is the only way in.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(range);
}

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `'${wrong.join("', '")}' is not true, a hop count, loopback, linklocal, uniquelocal, an address or a CIDR`,
    });
    return z.NEVER;
  }
  return entries;
}

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing that could end an attribute. */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function parseAllowedHosts(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !HOST_PATTERN.test(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `'${wrong.join("', '")}' is not a host name such as shop.example.in (no scheme, no path; a port may follow)`,
    });
    return z.NEVER;
  }
  return entries;
}

/** A host name, `*.` and a host name (any subdomain), an IPv4 address or a bracketed IPv6 address; no port. */
const IMPORT_HOST_PATTERN =
  /^(?:(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

function parseImportImageHosts(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !IMPORT_HOST_PATTERN.test(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `'${wrong.join("', '")}' is not a host name such as cdn.shopify.com or *.example.in (no scheme, path or port)`,
    });
    return z.NEVER;
  }
  return entries;
}

function parseCorsOrigins(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => {
    try {
      return new URL(entry).origin !== entry;
    } catch {
      return true;
    }
  });
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `'${wrong.join("', '")}' is not an origin such as https://shop.example.in (scheme and host, no path)`,
    });
    return z.NEVER;
  }
  return entries;
}

const envSchema = z.object({
  /** Production unless 'development' ('test' behaves as production): see docs/decisions/009-safe-defaults.md. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Bag Shop <shop@bagshop.local>'),
  STORE_EMAIL: z.string().default('hello@bagshop.in'),
  SELLER_NAME: z.string().default('Bag Shop Retail Pvt. Ltd.'),
  /** The shop's pages on social networks, linked from the footer; one not set is not shown. */
  SOCIAL_FACEBOOK_URL: httpsUrl,
  SOCIAL_INSTAGRAM_URL: httpsUrl,
  SOCIAL_X_URL: httpsUrl,
  SOCIAL_YOUTUBE_URL: httpsUrl,
  SELLER_ADDRESS: z.string().default('12, MG Road, Bengaluru, Karnataka 560001, India'),
  /** Spelt as addresses store it; decides CGST + SGST (same state) or IGST on invoices. */
  SELLER_STATE: z
    .string()
    .default('Karnataka')
    .refine((v) => INDIAN_STATE_VALUES.has(v), { error: 'must be an Indian state as addresses spell it' }),
  /** The GSTIN the invoices print and GSTR-1 is filed for: a wrong check character stops the start. */
  SELLER_GSTIN: z
    .string()
    .default('29ABCDE1234F1ZW')
    .refine(isValidGstin, { error: 'must be a GSTIN: 15 characters with a correct check character' }),
  /** The shop's phone for shoppers, printed on the policy pages. */
  SELLER_PHONE: z.string().default('+91 80 4718 2260'),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  /** How long an unpaid card order holds its stock and coupon before the shop cancels it (1 minute to 7 days). */
  PAYMENT_WINDOW_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(10_080).default(DEFAULT_PAYMENT_WINDOW_MINUTES),
  ),
  /** Cash-on-delivery orders a shopper may have that have not shipped yet (docs/decisions/036-cod-and-order-limits.md). */
  COD_OPEN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_COD_OPEN_LIMIT),
  /** Hours a shopper has to confirm a cash-on-delivery order before it is cancelled. */
  COD_CONFIRM_HOURS: z.coerce.number().int().min(1).max(720).default(DEFAULT_COD_CONFIRM_HOURS),
  /** Orders one account may place in ten minutes (docs/decisions/036-cod-and-order-limits.md). */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_ORDER_RATE_LIMIT),
  /** Who books parcels (docs/decisions/037-shipping-providers.md): the administrator by hand, or Shiprocket. */
  SHIPPING_PROVIDER: z.enum(SHIPPING_PROVIDERS).default('manual'),
  SHIPROCKET_EMAIL: optionalText,
  SHIPROCKET_PASSWORD: optionalText,
  /** The pickup address's name in the Shiprocket panel. */
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default('Primary'),
  /** What Shiprocket's tracking webhook must send in its x-api-key header; anything else is refused. */
  SHIPROCKET_WEBHOOK_TOKEN: optionalText,
  SHIPROCKET_API_URL: z.url().default('https://apiv2.shiprocket.in'),
  /** Where parcels are picked up; the manual provider's zones are counted from it. */
  SELLER_PINCODE: z
    .string()
    .trim()
    .default(DEFAULT_SELLER_PINCODE)
    .refine((v) => /^[1-9]\d{5}$/.test(v), { error: 'must be a pincode: six digits, not starting with 0' }),
  /** Days to deliver, 'earliest-latest', per zone of the manual provider (docs/decisions/037-shipping-providers.md). */
  SHIPPING_DAYS_LOCAL: zoneDays('1-2'),
  SHIPPING_DAYS_STATE: zoneDays('2-4'),
  SHIPPING_DAYS_METRO: zoneDays('3-5'),
  SHIPPING_DAYS_NATIONAL: zoneDays('4-7'),
  SHIPPING_DAYS_REMOTE: zoneDays('7-12'),
  /** Whether the manual provider offers cash on delivery to remote places (couriers there seldom collect cash). */
  SHIPPING_COD_TO_REMOTE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Whether listed prices include GST ("Inclusive of all taxes"): the cart then adds no tax and invoices take the
   * taxable value out of each line (docs/decisions/042-gst-on-what-is-paid.md). Orders keep the basis they were sold on.
   */
  PRICES_INCLUDE_GST: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Hours between tracking polls of a parcel on its way (webhooks fill in between). */
  SHIPPING_POLL_HOURS: z.coerce.number().int().min(1).max(168).default(DEFAULT_SHIPPING_POLL_HOURS),
  /** Refused cash-on-delivery parcels (returned to the shop) after which a shopper is no longer offered COD. */
  COD_RTO_LIMIT: z.coerce.number().int().min(1).max(100).default(DEFAULT_COD_RTO_LIMIT),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  /** Who hears about problems (docs/decisions/046-attention.md); unset: the first administrator (the oldest admin). */
  ALERT_EMAIL: z
    .email({ error: 'must be an email address' })
    .max(254)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** 'postgres' when several shop processes share one database, so live events reach every browser. */
  SOCKET_ADAPTER: z.enum(['local', 'postgres']).default('local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The catalogue answer cache (docs/decisions/020-catalogue-cache.md); 'off' answers every read from the database. */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Shipping weight of a product added without one (docs/decisions/038-parcel-sizes.md). */
  DEFAULT_WEIGHT_GRAMS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(WEIGHT_GRAMS_RANGE.min).max(WEIGHT_GRAMS_RANGE.max).default(DEFAULT_WEIGHT_GRAMS),
  ),
  /** The low-stock threshold a product is added with (docs/decisions/049-stock-ledger.md). */
  LOW_STOCK_AT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(MAX_STOCK).default(DEFAULT_LOW_STOCK_AT),
  ),
  /** Package sides (length x breadth x height, cm) of a product added without them whose size gives none. */
  DEFAULT_PARCEL_CM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .default(DEFAULT_PARCEL_CM)
      .transform((v, ctx) => {
        const parcel = parseParcelSetting(v);
        if (parcel) return parcel;
        ctx.addIssue({ code: 'custom', message: `'${v}' is not length x breadth x height in whole cm, e.g. 30x20x10` });
        return z.NEVER;
      }),
  ),
  WEB_DIST: optionalText,
  /** Referral bonuses one referrer can earn in any 30 days. */
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(1000).default(10),
  /** Which peers may name the client in X-Forwarded-For; off by default (the socket address is the client). */
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  /**
   * Without PUBLIC_URL, the host names (comma list) the shop's links may name when a request comes for one of them;
   * any other host gets the first (docs/decisions/025-pages-for-search-engines.md, amendment).
   */
  ALLOWED_HOSTS: z.string().optional().transform(parseAllowedHosts),
  /**
   * Hosts (comma list; `*.example.in` for its subdomains) the catalogue import may fetch Image Src pictures from:
   * https, public addresses, 10 MB and 10 s each (platform/remote-pictures.ts); none when empty.
   */
  IMPORT_IMAGE_HOSTS: z.string().optional().transform(parseImportImageHosts),
  /** Origins (comma list) allowed to call the API from another site; CORS is off without it. */
  CORS_ORIGINS: z.string().optional().transform(parseCorsOrigins),
  /** Where uploaded images live: 'local' (DATA_DIR/uploads) or 's3' (any S3-compatible bucket, the S3_* settings). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 service's address (MinIO, R2, …); unset means AWS itself. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where browsers read the bucket (public bucket or CDN); unset: the shop serves images from the bucket itself. */
  S3_PUBLIC_URL: optionalUrl,
  /** A read replica for catalogue reads (docs/decisions/030-several-machines.md); unset: everything reads the primary. */
  DATABASE_READ_URL: optionalUrl,
  /**
   * The daily backup's time of day, India time (HH:MM), or 'off' (docs/decisions/044-backups-and-recovery.md).
   */
  BACKUP_TIME: z
    .string()
    .trim()
    .default('02:30')
    .refine((v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
      error: "must be a time of day as HH:MM (24-hour, India time), or 'off'",
    }),
  /** How many scheduled backups to keep (older ones, and the write-ahead log only they need, are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** Where backups and the archived write-ahead log go; default DATA_DIR/backups. */
  BACKUP_DIR: optionalText,
  /** With the S3 settings: scheduled backups go to the bucket under this prefix instead of BACKUP_DIR. */
  BACKUP_S3_PREFIX: optionalText,
  /**
   * The embedded database archives its write-ahead log at least this often (seconds of confirmed work at risk);
   * 0 turns archiving, and so recovery to a point in time, off.
   */
  BACKUP_WAL_SECONDS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 10 && v <= 3600), { error: 'must be 0 (off) or between 10 and 3600 seconds' })
    .default(60),
  /** The bearer token GET /metrics answers besides this machine's own requests (docs/decisions/045-metrics.md). */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});

/**
 * Settings that only make sense with several shop processes need what those processes must share: one JWT secret
 * (a token issued by one is checked by another) and a bucket (docs/decisions/030-several-machines.md).
 */
function checkSeveralProcessSettings(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 needs S3_BUCKET' });
  }
  if (env.BACKUP_S3_PREFIX && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'BACKUP_S3_PREFIX needs the S3 settings (S3_BUCKET)',
    });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    });
  }
  const severalBy = [
    env.SOCKET_ADAPTER === 'postgres' && 'SOCKET_ADAPTER=postgres',
    env.STORAGE === 's3' && 'STORAGE=s3',
  ].filter(Boolean);
  if (severalBy.length > 0 && !env.JWT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message:
        `${severalBy.join(' and ')} means several shop processes: set the same JWT_SECRET (at least 32 characters) ` +
        'on every one, or a sign-in on one process is refused by the others',
    });
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be at least 32 characters' });
  }
}

/**
 * Behind a proxy the request's host is whatever the client or the proxy says (`Host`, `X-Forwarded-Host`); links
 * built from it (canonical, Open Graph, the sitemap) could name any site. Without PUBLIC_URL the shop needs the list
 * of its own host names (docs/decisions/025-pages-for-search-engines.md, amendment).
 */
function checkPublicAddress(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.TRUST_PROXY !== false && !env.PUBLIC_URL && env.ALLOWED_HOSTS.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'behind a proxy the shop must know its own address: set PUBLIC_URL (e.g. https://shop.example.in), or ' +
        'ALLOWED_HOSTS to the host names the proxy may forward (e.g. shop.example.in,www.shop.example.in)',
    });
  }
}

/** Razorpay keys are all or nothing, and they leave no room for the sandbox (docs/decisions/009-safe-defaults.md). */
function checkPaymentSettings(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  const hasId = env.RAZORPAY_KEY_ID !== undefined;
  const hasSecret = env.RAZORPAY_KEY_SECRET !== undefined;
  if (hasId !== hasSecret) {
    ctx.addIssue({
      code: 'custom',
      path: [hasId ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
      message: 'set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither',
    });
  }
  if (env.PAYMENT_PROVIDER === 'razorpay' && !(hasId && hasSecret)) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    });
  }
  if (env.PAYMENT_PROVIDER === 'sandbox' && (hasId || hasSecret)) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'sandbox cannot be used while Razorpay keys are set (with keys the shop takes real payments only)',
    });
  }
}

const WEBHOOK_TOKEN_MIN = 16;

/**
 * Shiprocket needs its login and the webhook token (tracking updates without it could not be told from forgeries);
 * the login is all or nothing (docs/decisions/037-shipping-providers.md).
 */
function checkShippingSettings(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  const hasEmail = env.SHIPROCKET_EMAIL !== undefined;
  const hasPassword = env.SHIPROCKET_PASSWORD !== undefined;
  if (hasEmail !== hasPassword) {
    ctx.addIssue({
      code: 'custom',
      path: [hasEmail ? 'SHIPROCKET_PASSWORD' : 'SHIPROCKET_EMAIL'],
      message: 'set both SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD, or neither',
    });
  }
  if (env.SHIPPING_PROVIDER === 'shiprocket') {
    const missing = [
      !hasEmail && 'SHIPROCKET_EMAIL',
      !hasPassword && 'SHIPROCKET_PASSWORD',
      env.SHIPROCKET_WEBHOOK_TOKEN === undefined && 'SHIPROCKET_WEBHOOK_TOKEN',
    ].filter(Boolean);
    if (missing.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHIPPING_PROVIDER'],
        message:
          `shiprocket needs ${missing.join(', ')} (the API user's login from Shiprocket's panel, Settings → API, ` +
          'and the token its tracking webhook sends)',
      });
    }
  }
  if (env.SHIPROCKET_WEBHOOK_TOKEN !== undefined && env.SHIPROCKET_WEBHOOK_TOKEN.length < WEBHOOK_TOKEN_MIN) {
    ctx.addIssue({
      code: 'custom',
      path: ['SHIPROCKET_WEBHOOK_TOKEN'],
      message: `must be at least ${WEBHOOK_TOKEN_MIN} characters (anyone who guesses it can post tracking updates)`,
    });
  }
}

const METRICS_TOKEN_MIN = 16;

/** A short metrics token could be guessed by anyone who can reach the shop (docs/decisions/045-metrics.md). */
function checkMetricsToken(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < METRICS_TOKEN_MIN) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: `must be at least ${METRICS_TOKEN_MIN} characters (e.g. openssl rand -hex 24)`,
    });
  }
}

/** A start-up note when Shiprocket settings are present but unused (allowed: e.g. while trying the manual way). */
export function shippingNote(config: Env): string | null {
  if (config.SHIPPING_PROVIDER !== 'manual' || config.SHIPROCKET_EMAIL === undefined) return null;
  return 'Shipping: SHIPROCKET_EMAIL is set but SHIPPING_PROVIDER is manual, so parcels are booked by hand; set SHIPPING_PROVIDER=shiprocket to book through Shiprocket.';
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  uploadsDir: string;
  /** BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  /**
   * Where links with no request behind them point (mail, sign-in callbacks): PUBLIC_URL, else the first of
   * ALLOWED_HOSTS over http, else http://localhost:PORT.
   */
  publicUrl: string;
  isProduction: boolean;
  /** NODE_ENV=development only (`npm run dev`): the development mailbox and the mail outbox table. */
  isDevelopment: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine(checkPaymentSettings)
    .superRefine(checkShippingSettings)
    .superRefine(checkSeveralProcessSettings)
    .superRefine(checkPublicAddress)
    .superRefine(checkMetricsToken)
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    publicUrl: e.PUBLIC_URL ?? `http://${e.ALLOWED_HOSTS[0] ?? `localhost:${e.PORT}`}`,
    isProduction: e.NODE_ENV !== 'development',
    isDevelopment: e.NODE_ENV === 'development',
  };
}
