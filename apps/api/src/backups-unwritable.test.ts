import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher.ts';
import { createTestDatabase, TEST_JWT_SECRET } from '../test/test-app.ts';
import { createUser } from '../test/users.ts';
import { loadConfig } from './config.ts';
import { connectDatabase, type Database } from './db/client.ts';
import { backups } from './db/schema/backups.ts';
import { mailOutbox } from './db/schema/messages.ts';
import { checkAttentionNow } from './modules/attention/service.ts';
import { type RunningShop, startShop } from './server.ts';

// An unwritable BACKUP_DIR does not stop the shop from starting: the backup fails, the dashboard's attention panel
// shows it and one mail goes to ALERT_EMAIL (docs/decisions/044-backups-and-recovery.md, 046-attention.md).

let shop: RunningShop;
let mail: MailCatcher;
let database: Database;
let dropDatabase: () => Promise<void>;
let dataDir: string;
const OWNER = 'owner@example.in';

beforeAll(async () => {
  mail = await startMailCatcher();
  const created = await createTestDatabase();
  dropDatabase = created.drop;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-unwritable-'));
  // A folder under a file can never be made, whoever runs the shop (root included).
  fs.writeFileSync(path.join(dataDir, 'not-a-folder'), '');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: created.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    SMTP_URL: mail.url,
    ALERT_EMAIL: OWNER,
    BACKUP_DIR: path.join(dataDir, 'not-a-folder', 'backups'),
  });
  shop = await startShop(config, () => {});
  database = connectDatabase(created.url, 2);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await shop?.stop();
  await mail?.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts, records the failed backup, shows it on the dashboard and mails the owner once', async () => {
  expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  await eventually('the daily backup to be tried at start', async () => {
    const [latest] = await database.db.select().from(backups).orderBy(desc(backups.startedAt)).limit(1);
    return latest?.ok === false;
  });
  const [failed] = await database.db.select().from(backups).orderBy(desc(backups.startedAt)).limit(1);
  expect(failed!.error).toMatch(/ENOTDIR|not a directory/);

  const alert = await mail.next(OWNER, /backup/i);
  expect(alert.subject).toMatch(/The last backup failed/);
  expect(alert.text).toContain('ENOTDIR');
  const admin = await createUser({ database }, { isAdmin: true });
  const panel = await shop.app.inject({
    method: 'GET',
    url: '/api/admin/attention',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(panel.statusCode, panel.body).toBe(200);
  expect(JSON.stringify(panel.json())).toContain('The last backup failed');

  // Checked again while the problem lasts: no second mail.
  await checkAttentionNow({ db: database.db, config: { ALERT_EMAIL: OWNER, dataDir } });
  const queued = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, OWNER));
  expect(queued).toHaveLength(1);
  expect(mail.messages.filter((m) => m.to.includes(OWNER))).toHaveLength(1);
}, 120_000);
