import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { clusterDir, runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { embeddedArchiveFlags, takeBackup } from '../modules/backups/service.ts';

/**
 * `npm run backup [-- --out FILE]`: one backup of the shop these settings name, while it runs or not
 * (docs/decisions/044-backups-and-recovery.md). Prints the file's path as its last line.
 */
const args = process.argv.slice(2);
const out = args[0] === '--out' ? args[1] : undefined;
if (!(args.length === 0 || (args.length === 2 && out))) {
  console.error('Usage: npm run backup [-- --out FILE]');
  process.exit(2);
}
const config = loadConfig();
const say = (line: string) => console.error(line);
const running = config.DATABASE_URL ? null : runningEmbeddedUrl(config.dataDir);
const embedded =
  config.DATABASE_URL || running
    ? null
    : await startEmbeddedPostgres(config.dataDir, { log: say, flags: embeddedArchiveFlags(config, say) });
const databaseUrl = config.DATABASE_URL ?? running ?? embedded!.url;
const database = connectDatabase(databaseUrl, 2);
try {
  const { file, sizeBytes, manifest } = await takeBackup(
    { config, db: database.db, databaseUrl, clusterDir: config.DATABASE_URL ? null : clusterDir(config.dataDir) },
    { kind: 'manual', out },
  );
  const { orders, users, invoices, pictures } = manifest.counts;
  say(
    `Backed up ${orders} orders, ${users} users, ${invoices} invoices and ${pictures} pictures ` +
      `(${(sizeBytes / 1_048_576).toFixed(1)} MB${manifest.cluster ? ', with a base for recovery to a point in time' : ''}).`,
  );
  console.log(file);
} catch (error) {
  say(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
