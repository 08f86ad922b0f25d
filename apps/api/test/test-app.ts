import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { createImageStorage } from '../src/platform/create-storage.ts';
import { createMailer } from '../src/platform/mail.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import type { ShippingProvider } from '../src/platform/shipping/provider.ts';
import { TEMPLATE_DB, withDatabase } from './global-setup.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';

/** The secret every test shop signs its tokens with (several test processes share it, as real ones must). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mail: MailCatcher;
  dataDir: string;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Another shop process on the same database (its own pool and app), as when several run behind a balancer;
   * `payments` gives it another provider (null: card payments off).
   */
  sibling(options?: { payments?: PaymentProvider | null }): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** A fresh, migrated database of its own (a copy of the template), for tests that start the whole shop on it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const templateUrl = inject('templateDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name} template ${TEMPLATE_DB}`);
  return { url: withDatabase(templateUrl, name), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database (copied from the migrated template), a real SMTP catcher, and the app built on them.
 * Call once per test file (beforeAll) and close in afterAll. `payments` replaces the default sandbox provider;
 * `poolSize` is the number of database connections the app may open (5).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** null: card payments off (no keys, no demo data, no PAYMENT_PROVIDER). */
    payments?: PaymentProvider | null;
    /** Receives what the console mailer prints (when there is no SMTP_URL). */
    mailLog?: (line: string) => void;
    /** Pino logger options for the app; no log by default. */
    logger?: object;
    poolSize?: number;
    /** Makes each process's courier adapter (tests point it at their fake); else the one SHIPPING_PROVIDER names. */
    shipping?: () => ShippingProvider;
  } = {},
): Promise<TestApp> {
  const templateUrl = inject('templateDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();

  const mail = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
  const storage = createImageStorage(config);
  const replica = config.DATABASE_READ_URL ? connectDatabase(config.DATABASE_READ_URL, 2) : null;
  const build = (database: Database, payments = options.payments) =>
    buildApp({
      config,
      db: database.db,
      readDb: replica?.db,
      pool: database.pool,
      jwtSecret: config.JWT_SECRET ?? TEST_JWT_SECRET,
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: options.mailLog ?? (() => {}),
        outbox: config.isDevelopment,
      }),
      storage,
      payments,
      shipping: options.shipping?.(),
      logger: options.logger ?? false,
    });
  const database = connectDatabase(withDatabase(templateUrl, name), options.poolSize ?? 5);
  const app = await build(database);
  await app.ready();

  return {
    app,
    database,
    mail,
    dataDir,
    request({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async sibling(siblingOptions = {}) {
      const other = connectDatabase(withDatabase(templateUrl, name), 5);
      const otherApp = await build(other, 'payments' in siblingOptions ? siblingOptions.payments : options.payments);
      await otherApp.ready();
      return {
        app: otherApp,
        async close() {
          await otherApp.close();
          await other.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await replica?.close();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
