import { MSG } from '@bagshop/shared/messages';
import type { Db } from '../db/client.ts';
import { TryLaterError } from './errors.ts';
import { clearHits, countHit, uncountHit } from './rate-limit-store.ts';

/** Whom a limit counts: the client's address, the mailbox an email reaches, or the account acted on. */
export type ThrottleScope = 'address' | 'mailbox' | 'account';

/** At most `max` attempts per `minutes`, counted separately for each caller of the given scope. */
export interface Allowance {
  per: ThrottleScope;
  max: number;
  minutes: number;
}

export type Caller = Partial<Record<ThrottleScope, string>>;

/** A counter's key, e.g. 'login|account|asha@example.in'. */
const keyOf = (action: string, scope: ThrottleScope, who: string) => `${action}|${scope}|${who}`;

/**
 * Counts one attempt at `action` against each allowance the caller can be counted by (the counters live in
 * PostgreSQL), and refuses it with a 429 whose retry-after is the longest wait when any allowance is used up.
 * Answers a function that takes the attempt back, for limits that count failures only.
 */
export async function spendAllowance(
  db: Db,
  action: string,
  allowances: readonly Allowance[],
  caller: Caller,
): Promise<() => Promise<void>> {
  const counted = allowances.flatMap((allowance) => {
    const who = caller[allowance.per];
    return who ? [{ allowance, key: keyOf(action, allowance.per, who) }] : [];
  });
  const hits = await Promise.all(counted.map(({ allowance, key }) => countHit(db, key, allowance.minutes * 60_000)));
  const waitMs = Math.max(0, ...hits.map((h, i) => (h.current > counted[i].allowance.max ? h.ttl : 0)));
  if (waitMs > 0) throw new TryLaterError('RATE_LIMITED', MSG.tooManyRequests, Math.max(1, Math.ceil(waitMs / 1000)));
  return async () => {
    await Promise.all(counted.map(({ key }) => uncountHit(db, key)));
  };
}

/** Gives the caller the full allowance of `action` again, for each scope the caller names. */
export async function restoreAllowance(db: Db, action: string, caller: Caller): Promise<void> {
  const keys = Object.entries(caller).flatMap(([scope, who]) =>
    who ? [keyOf(action, scope as ThrottleScope, who)] : [],
  );
  await Promise.all(keys.map((key) => clearHits(db, key)));
}
