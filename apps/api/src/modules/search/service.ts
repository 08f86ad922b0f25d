import {
  type NoResultsAnswer,
  normalizeSearch,
  SEARCH_LIMITS,
  type SynonymsAnswer,
  type SynonymsBody,
} from '@bagshop/shared/schemas/search';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchMisses, searchSynonyms } from '../../db/schema/search.ts';
import { recordAudit } from '../../platform/audit.ts';

/**
 * What the administrator keeps for search, and what shoppers looked for and did not find
 * (docs/decisions/048-search-that-forgives.md).
 */

export async function listSynonyms(db: Db): Promise<SynonymsAnswer> {
  const rows = await db
    .select({ word: searchSynonyms.word, means: searchSynonyms.means })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.word));
  return { synonyms: rows };
}

/**
 * Replaces the whole list in one transaction, with its audit entry; the table's trigger tells every shop process to
 * drop its cached shop pages (migration 0027).
 */
export async function replaceSynonyms(db: Db, adminId: string, body: SynonymsBody): Promise<SynonymsAnswer> {
  const synonyms = body.synonyms.map((s) => ({ word: normalizeSearch(s.word), means: normalizeSearch(s.means) }));
  await db.transaction(async (tx) => {
    const before = await tx
      .select({ word: searchSynonyms.word, means: searchSynonyms.means })
      .from(searchSynonyms)
      .orderBy(asc(searchSynonyms.word))
      .for('update');
    await tx.delete(searchSynonyms);
    if (synonyms.length) await tx.insert(searchSynonyms).values(synonyms);
    await recordAudit(tx, adminId, {
      kind: 'search-synonyms',
      action: 'update',
      entityId: 'search-synonyms',
      summary: `Search synonyms (${synonyms.length})`,
      before: { synonyms: before },
      after: { synonyms: [...synonyms].sort((a, b) => a.word.localeCompare(b.word)) },
    });
  });
  return listSynonyms(db);
}

/** The searches that found nothing in the last 30 days (India time), most frequent first. */
export async function listNoResults(db: Db): Promise<NoResultsAnswer> {
  const rows = await db.execute<{ query: string; searches: number; last_day: string }>(sql`
    select ${searchMisses.query} as query, sum(${searchMisses.searches})::int as searches,
      to_char(max(${searchMisses.day}), 'YYYY-MM-DD') as last_day
    from ${searchMisses}
    where ${searchMisses.day} > (now() at time zone 'Asia/Kolkata')::date - ${SEARCH_LIMITS.noResultDays}::int
    group by ${searchMisses.query}
    order by searches desc, max(${searchMisses.day}) desc, ${searchMisses.query}
    limit ${SEARCH_LIMITS.noResultRows}`);
  return { searches: rows.rows.map((r) => ({ query: r.query, searches: r.searches, lastDay: r.last_day })) };
}

/** Counts wait this long in the process and are then written together, one row per search. */
export const COUNT_FLUSH_MS = 2000;

interface PendingCounts {
  counts: Map<string, number>;
  timer: NodeJS.Timeout | null;
}
const pendingByDb = new WeakMap<Db, PendingCounts>();

/**
 * Counts a search that found nothing. The count waits in the process for COUNT_FLUSH_MS with the others, then one
 * upsert adds them all (a busy typo costs one row write every 2 s, not a commit per request). The shopper's answer
 * never waits for it; a failed write loses those counts and is reported to `onFailed`.
 */
export function countNoResult(db: Db, keyword: string, onFailed: (error: unknown) => void): void {
  const query = normalizeSearch(keyword).slice(0, SEARCH_LIMITS.queryMax);
  let pending = pendingByDb.get(db);
  if (!pending) {
    pending = { counts: new Map(), timer: null };
    pendingByDb.set(db, pending);
  }
  pending.counts.set(query, (pending.counts.get(query) ?? 0) + 1);
  if (!pending.timer) {
    pending.timer = setTimeout(() => {
      flushNoResultCounts(db).catch(onFailed);
    }, COUNT_FLUSH_MS);
    // A waiting count never keeps the process alive; closing the app writes it (flushNoResultCounts).
    pending.timer.unref();
  }
}

/** Writes the counts waiting for `db` now. */
export async function flushNoResultCounts(db: Db): Promise<void> {
  const pending = pendingByDb.get(db);
  if (!pending) return;
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  if (!pending.counts.size) return;
  const rows = [...pending.counts];
  pending.counts.clear();
  const values = sql.join(
    rows.map(([query, searches]) => sql`((now() at time zone 'Asia/Kolkata')::date, ${query}, ${searches}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${searchMisses} (day, query, searches) values ${values}
    on conflict (day, query) do update set searches = ${searchMisses.searches} + excluded.searches`);
}

/**
 * The normalized searches this process last answered with nothing. A shop page served from the response cache never
 * reaches the search; its keyword is counted when this process's last fresh answer for it found nothing (a change to
 * the catalogue or the synonyms clears the cache, so the next answer for it is fresh again).
 */
const lastFoundNothing = new Set<string>();
const REMEMBERED = 5000;

export function rememberOutcome(keyword: string, foundNothing: boolean): void {
  const query = normalizeSearch(keyword);
  if (!foundNothing) {
    lastFoundNothing.delete(query);
    return;
  }
  if (lastFoundNothing.size >= REMEMBERED) lastFoundNothing.clear();
  lastFoundNothing.add(query);
}

export function lastAnswerFoundNothing(keyword: string): boolean {
  return lastFoundNothing.has(normalizeSearch(keyword));
}
