import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DatabaseUnavailableError } from './database-errors.ts';

/** Long enough for a busy database, short enough that a balancer's health probe is not left waiting. */
export const HEALTH_TIMEOUT_MS = 1500;

/** Resolves when the database answers `select 1` in time; rejects with a DatabaseUnavailableError otherwise. */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`The database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const answer = db.execute(sql`select 1`);
  // When the timer wins, the query still settles later; its failure is already reported as the timeout.
  answer.catch(() => {});
  try {
    await Promise.race([answer, late]);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    throw new DatabaseUnavailableError('The database cannot be reached', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /api/health`: 200 `{ok: true}` while the database answers, 503 in the one error shape while it does not. */
export function healthHandler(db: Db) {
  return async () => {
    await checkDatabase(db);
    return { ok: true };
  };
}
