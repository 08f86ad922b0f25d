import { loadConfig } from '../config.ts';
import { parseIndiaTime, RestoreRefusedError, restoreBackup } from '../modules/backups/service.ts';

/**
 * `npm run restore -- FILE [--force]` or `npm run restore -- [FILE] --to "YYYY-MM-DD HH:MM"` (India time):
 * brings a shop back into an empty DATA_DIR or database (docs/decisions/044-backups-and-recovery.md).
 */
const USAGE =
  'Usage: npm run restore -- FILE [--force]   or   npm run restore -- [FILE] --to "YYYY-MM-DD HH:MM" [--force]';
const args = process.argv.slice(2);
let file: string | undefined;
let toText: string | undefined;
let force = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--force') force = true;
  else if (arg === '--to') toText = args[++i];
  else if (!arg.startsWith('--') && !file) file = arg;
  else {
    console.error(USAGE);
    process.exit(2);
  }
}
const to = toText === undefined ? undefined : parseIndiaTime(toText);
if (to === null || (!file && !to)) {
  console.error(to === null ? `"${toText}" is not a time as YYYY-MM-DD HH:MM (India time).` : USAGE);
  process.exit(2);
}
try {
  const report = await restoreBackup(loadConfig(), { file, to, force, say: (line) => console.log(line) });
  if (report.setAside) console.log(`What was there before is kept in ${report.setAside}.`);
  for (const note of report.notes) console.log(note);
  console.log(
    `Restored ${report.orders} orders, ${report.users} users, ${report.invoices} invoices, ` +
      `${report.creditNotes} credit notes and ${report.pictures} pictures (as of ${report.restoredTo}).`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefusedError ? `Restore refused: ${message}` : `Restore failed: ${message}`);
  process.exitCode = 1;
}
