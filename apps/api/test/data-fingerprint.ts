import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.ts';

export type Fingerprint = Record<string, string>;

/**
 * A digest of every row of every table (except `skip`) and of every stored upload's name, so that comparing two
 * fingerprints tells whether anything at all was written in between, and where.
 */
export async function dataFingerprint(t: TestApp, skip: readonly string[]): Promise<Fingerprint> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests = tables
    .map((row) => row.name)
    .filter((name) => !skip.includes(name))
    .map(
      (name) =>
        `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`,
    );
  const { rows } = await t.database.pool.query<{ name: string; digest: string }>(digests.join(' union all '));
  const fingerprint: Fingerprint = Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  const uploads = path.join(t.dataDir, 'uploads');
  fingerprint['(uploaded files)'] = fs.existsSync(uploads)
    ? fs.readdirSync(uploads, { recursive: true }).map(String).sort().join(',')
    : '';
  fingerprint['(mail sent)'] = String(t.mail.messages.length);
  return fingerprint;
}

/** The names whose digest differs. */
export function changedParts(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
}
