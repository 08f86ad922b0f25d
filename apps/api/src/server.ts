import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardPaymentMode } from '@bagshop/shared/shop-settings';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, shippingNote } from './config.ts';
import { connectDatabase, runMigrations } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { checkAttentionNow, scheduleAttention } from './modules/attention/service.ts';
import { archivesWal, embeddedArchiveFlags, scheduleBackups } from './modules/backups/service.ts';
import { scheduleSalePrices } from './modules/offers/service.ts';
import { moveLockedItems, scheduleCodConfirmationExpiry } from './modules/orders/service.ts';
import { scheduleOrderExpiry } from './modules/payments/service.ts';
import { scheduleShippingPoll } from './modules/shipping/service.ts';
import { ensureAdmin } from './modules/users/service.ts';
import { createImageStorage } from './platform/create-storage.ts';
import { isDatabaseUnavailable } from './platform/database-errors.ts';
import { trackInFlight } from './platform/in-flight.ts';
import { createMailer } from './platform/mail.ts';
import { cardPaymentMode, createPaymentProvider } from './platform/payments/create-provider.ts';
import { loadJwtSecret } from './platform/secrets.ts';
import { createShippingProvider } from './platform/shipping/create-provider.ts';
import { hasDemoData, retirePublishedDemoPasswords, seedDemo } from './seed/demo.ts';
import { moveDemoAccounts } from './seed/demo-addresses.ts';
import {
  DEMO_SIGN_INS_FILE,
  type DemoSignIn,
  readDemoSignIns,
  renameDemoSignIns,
  writeDemoSignIns,
} from './seed/demo-sign-ins.ts';
import { startShopMailWorker } from './workflows/shop-mail/shop-mail.ts';

/** How long a lost database waits to be logged, for a Ctrl-C that reached PostgreSQL before this process. */
const SHUTDOWN_RACE_MS = 2000;

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningShop {
  app: FastifyInstance;
  url: string;
  /** The demo sign-ins this start created (printed once and written to DATA_DIR/demo-sign-ins.txt); else none. */
  demoSignIns: DemoSignIn[];
  stop(): Promise<void>;
}

/** Database (embedded unless DATABASE_URL) → migrations → first admin → demo data → HTTP server. */
export async function startShop(config: Config, say: (line: string) => void = console.log): Promise<RunningShop> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { log: say, flags: embeddedArchiveFlags(config, say) });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl);
  const replica = config.DATABASE_READ_URL ? connectDatabase(config.DATABASE_READ_URL) : null;
  try {
    await runMigrations(database.db);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    }
    const movedDemoAccounts = await moveDemoAccounts(database.db);
    renameDemoSignIns(config.dataDir, movedDemoAccounts);
    const storage = createImageStorage(config);
    const demoSignIns = [
      ...(config.SEED_DEMO ? await seedDemo(database.db, storage) : []),
      ...(await retirePublishedDemoPasswords(database.db)),
    ];
    const demoSignInsFile = path.join(config.dataDir, DEMO_SIGN_INS_FILE);
    if (demoSignIns.length > 0) {
      const kept = readDemoSignIns(config.dataDir).filter((old) => !demoSignIns.some((s) => s.email === old.email));
      writeDemoSignIns(config.dataDir, [...kept, ...demoSignIns]);
    }
    const jwtSecret = loadJwtSecret(config.JWT_SECRET, config.dataDir);
    const demoData = await hasDemoData(database.db);
    const payments = createPaymentProvider(config, `${jwtSecret}:payments`, demoData);
    const shipping = createShippingProvider(config);
    const app = await buildApp({
      config: { ...config, WEB_DIST: config.WEB_DIST ?? DEFAULT_WEB_DIST },
      db: database.db,
      readDb: replica?.db,
      pool: database.pool,
      jwtSecret,
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        db: database.db,
        log: say,
        outbox: config.isDevelopment,
      }),
      storage,
      payments,
      shipping,
    });
    const inFlight = trackInFlight(app.server);
    let stopping = false;
    /**
     * A background job's failure, logged. Once the shop is closing, the database going away under a job is expected
     * and not logged: Ctrl-C reaches the embedded PostgreSQL too, which ends its connections at once. Which of the
     * two hears the signal first is the machine's choice (on a busy machine PostgreSQL often does), so a lost
     * database is logged only if the shop is still running a moment later. Answers whether it was a failure to log.
     */
    const report = (what: string, error: unknown): boolean => {
      if (stopping && isDatabaseUnavailable(error)) return false;
      if (isDatabaseUnavailable(error)) {
        setTimeout(() => {
          if (!stopping) app.log.error({ err: error }, what);
        }, SHUTDOWN_RACE_MS).unref();
        return true;
      }
      app.log.error({ err: error }, what);
      return true;
    };
    const failed = (what: string) => (error: unknown) => {
      report(what, error);
    };
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = config.PUBLIC_URL ?? `http://localhost:${new URL(address).port}`;
    const stopExpiry = scheduleOrderExpiry(
      { db: database.db, realtime: app.realtime, payments, moveLockedItems, metrics: app.metrics },
      failed('order expiry failed'),
    );
    const stopCodExpiry = scheduleCodConfirmationExpiry(
      { db: database.db, realtime: app.realtime },
      failed('cash-on-delivery confirmation expiry failed'),
    );
    const stopShippingPoll = scheduleShippingPoll(
      { db: database.db, realtime: app.realtime, config, shipping },
      failed('shipment tracking poll failed'),
    );
    const stopSalePrices = scheduleSalePrices(database.db, failed('sale price refresh failed'));
    const stopBackups = scheduleBackups(
      { config, db: database.db, databaseUrl, clusterDir: embedded?.dataDir ?? null },
      (error) => {
        // The owner hears of a failed backup now, not at the attention check's next round.
        if (report('backup failed', error)) {
          checkAttentionNow({ db: database.db, config }).catch(failed('attention check failed'));
        }
      },
    );
    const stopAttention = scheduleAttention({ db: database.db, config }, failed('attention check failed'));
    const mailWorker = startShopMailWorker({
      db: database.db,
      pool: database.pool,
      config,
      log: say,
      onError: failed('mail outbox delivery failed'),
    });
    say(`\nBag Shop is open at ${url}`);
    for (const line of startNotes(config, url, cardPaymentMode(config, demoData))) say(line);
    for (const { from, to } of movedDemoAccounts) say(`Demo account ${from} moved to ${to} (a reserved domain).`);
    if (demoSignIns.length > 0) {
      say(`Demo sign-ins (shown this once; kept in ${demoSignInsFile}, readable by you only):`);
      for (const signIn of demoSignIns) say(`  ${signIn.role.padEnd(13)} ${signIn.email} / ${signIn.password}`);
    } else if (config.SEED_DEMO && fs.existsSync(demoSignInsFile)) {
      say(`Demo sign-ins: see ${demoSignInsFile}`);
    }
    return {
      app,
      url,
      demoSignIns,
      async stop() {
        stopping = true;
        await stopExpiry();
        await stopCodExpiry();
        await stopShippingPoll();
        await stopSalePrices();
        await stopBackups();
        await stopAttention();
        await mailWorker.stop();
        await app.close();
        await inFlight.drained();
        await database.close();
        await replica?.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close();
    await replica?.close();
    await embedded?.stop();
    throw error;
  }
}

/** Where the daily backup goes: an owner must know to copy it off the machine (README "Backups and restore"). */
function backupNote(config: Config): string {
  if (config.BACKUP_TIME === 'off')
    return 'Backups: the daily backup is off (BACKUP_TIME=off); take them with npm run backup.';
  const where = config.BACKUP_S3_PREFIX
    ? `the bucket ${config.S3_BUCKET} under ${config.BACKUP_S3_PREFIX}`
    : `${config.backupDir} (copy them off this machine, or set BACKUP_S3_PREFIX)`;
  const log = archivesWal(config) ? `; the database log is archived every ${config.BACKUP_WAL_SECONDS} s` : '';
  return `Backups: daily at ${config.BACKUP_TIME} India time, ${config.BACKUP_KEEP} kept, in ${where}${log}.`;
}

/** What an owner must know about how this start runs: its mode, where mail goes, how cards are paid. */
function startNotes(config: Config, url: string, cards: CardPaymentMode): string[] {
  const notes = [
    config.isDevelopment
      ? 'Mode: development (NODE_ENV=development). Do not expose this process to the internet.'
      : 'Mode: production (set NODE_ENV=development for the development mailbox).',
  ];
  if (!config.SMTP_URL) {
    notes.push(
      config.isDevelopment
        ? `Mail: SMTP_URL is not set, so no mail is sent; it is printed here and listed at ${url}/dev/mailbox (this machine only).`
        : 'Mail: SMTP_URL is not set, so no mail is sent; sign-in and reset codes are printed in this log, other mail as one line each.',
    );
  }
  if (cards === 'sandbox') {
    notes.push(
      'Warning: card payments run in TEST MODE (the sandbox: no real money moves, anyone can pay or top up for free). ' +
        'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for real payments.',
    );
  } else if (cards === 'off') {
    notes.push(
      'Card payments are off until RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set (cash on delivery and wallet work).',
    );
  }
  const shipping = shippingNote(config);
  if (shipping) notes.push(shipping);
  notes.push(backupNote(config));
  return notes;
}
