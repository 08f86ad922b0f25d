import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { connectDatabase, runMigrations } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, seedDemo } from './db/seed/demo.ts';
import { scheduleOrderExpiry } from './modules/orders/expiry.ts';
import { ensureAdmin } from './modules/users/admin-bootstrap.ts';
import { createMailer } from './platform/mail.ts';
import { createPaymentProvider } from './platform/payments/create-provider.ts';
import { loadJwtSecret } from './platform/secrets.ts';
import { createDiskStorage } from './platform/storage.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningShop {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Database (embedded unless DATABASE_URL) → migrations → first admin → demo data → HTTP server. */
export async function startShop(config: Config, say: (line: string) => void = console.log): Promise<RunningShop> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { log: say });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl);
  try {
    await runMigrations(database.db);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    }
    const storage = createDiskStorage(config.uploadsDir);
    const seeded = config.SEED_DEMO && (await seedDemo(database.db, storage));
    const jwtSecret = loadJwtSecret(config.JWT_SECRET, config.dataDir);
    const payments = createPaymentProvider(config, `${jwtSecret}:payments`);
    const app = await buildApp({
      config: { ...config, WEB_DIST: config.WEB_DIST ?? DEFAULT_WEB_DIST },
      db: database.db,
      pool: database.pool,
      jwtSecret,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: say }),
      storage,
      payments,
    });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = config.PUBLIC_URL ?? `http://localhost:${new URL(address).port}`;
    const stopExpiry = scheduleOrderExpiry({ db: database.db, realtime: app.realtime, payments }, (error) =>
      app.log.error({ err: error }, 'order expiry failed'),
    );
    say(`\nBag Shop is open at ${url}`);
    if (seeded) {
      say('Demo sign-ins (created just now on the empty database):');
      say(`  admin   ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
      say(`  shopper ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}`);
    } else if (config.SEED_DEMO) {
      say(
        `Demo sign-ins: admin ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}, shopper ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}`,
      );
    }
    return {
      app,
      url,
      async stop() {
        await stopExpiry();
        await app.close();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
}
