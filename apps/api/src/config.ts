import path from 'node:path';
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from '@bagshop/shared/orders';
import { INDIAN_STATE_VALUES } from '@bagshop/shared/places';
import { z } from 'zod';

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  SELLER_ADDRESS: z.string().default('12, MG Road, Bengaluru, Karnataka 560001, India'),
  /** Spelt as addresses store it; decides CGST + SGST (same state) or IGST on invoices. */
  SELLER_STATE: z
    .string()
    .default('Karnataka')
    .refine((v) => INDIAN_STATE_VALUES.has(v), { error: 'must be an Indian state as addresses spell it' }),
  SELLER_GSTIN: z.string().default('29ABCDE1234F1Z5'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).optional(),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  /** How long an unpaid card order holds its stock and coupon before the shop cancels it (1 minute to 7 days). */
  PAYMENT_WINDOW_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(10_080).default(DEFAULT_PAYMENT_WINDOW_MINUTES),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** 'postgres' when several shop processes share one database, so live events reach every browser. */
  SOCKET_ADAPTER: z.enum(['local', 'postgres']).default('local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
  /** Referral bonuses one referrer can earn in any 30 days. */
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(1000).default(10),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  uploadsDir: string;
  publicUrl: string;
  isProduction: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
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
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    isProduction: e.NODE_ENV === 'production',
  };
}
