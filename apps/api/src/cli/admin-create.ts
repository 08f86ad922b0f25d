import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { ensureAdmin } from '../modules/users/service.ts';

/** `npm run admin:create [email] [password]`: creates (or promotes) an administrator. */
const config = loadConfig();
const [argEmail, argPassword] = process.argv.slice(2);
const rl = createInterface({ input: process.stdin, output: process.stdout });
const email = argEmail ?? config.ADMIN_EMAIL ?? (await rl.question('Admin email: '));
const password = argPassword ?? config.ADMIN_PASSWORD ?? (await rl.question('Admin password: '));
rl.close();

const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.dataDir);
const database = connectDatabase(config.DATABASE_URL ?? embedded?.url ?? '');
await runMigrations(database.db);
const outcome = await ensureAdmin(database.db, { email, password });
console.log(outcome === 'created' ? `Administrator ${email} created.` : `${email} is now an administrator.`);
await database.close();
await embedded?.stop();
