import { eq, lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';

export interface Hits {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, hits?: Hits) => void;

const SWEEP_EVERY = 500;

let calls = 0;

/**
 * Counts one hit on `key` in a window of `windowMs` that starts with the first hit: one upsert, so parallel hits
 * on every shop process are counted together. Answers the hits so far and the milliseconds until the window ends.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hits> {
  // Expired counters are swept now and then rather than on every request.
  if (++calls % SWEEP_EVERY === 0) await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into ${rateLimitHits} (key, hits, resets_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when ${rateLimitHits.resetsAt} <= now() then 1 else ${rateLimitHits.hits} + 1 end,
      resets_at = case when ${rateLimitHits.resetsAt} <= now() then excluded.resets_at else ${rateLimitHits.resetsAt} end
    returning hits, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000))::int as ttl`);
  const [row] = result.rows;
  return { current: row.hits, ttl: row.ttl };
}

/** Takes one hit back from a live window, e.g. when a counted attempt turned out not to be a failure. */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    update ${rateLimitHits} set hits = greatest(0, ${rateLimitHits.hits} - 1)
    where ${rateLimitHits.key} = ${key} and ${rateLimitHits.resetsAt} > now()`);
}

/** Ends the window of `key` at once, e.g. when the owner of an account proved who they are. */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

async function readHits(db: Db, key: string): Promise<Hits> {
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    select hits, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000))::int as ttl
    from ${rateLimitHits} where key = ${key} and resets_at > now()`);
  const [row] = result.rows;
  return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL: one upsert per limited request, so the limits on
 * payments and referral codes hold across every shop process and survive a restart.
 */
export function postgresRateLimitStore(db: Db) {
  const increment = (key: string, windowMs: number) => countHit(db, key, windowMs);
  const read = (key: string) => readHits(db, key);

  return class PostgresRateLimitStore {
    private readonly prefix: string;

    /** The plugin builds the first store with its options; each limited route gets a child keyed by its route. */
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global:';
    }

    incr(key: string, done: Done, timeWindow: number) {
      increment(this.prefix + key, timeWindow).then(
        (hits) => done(null, hits),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Done) {
      read(this.prefix + key).then(
        (hits) => done(null, hits),
        (error: Error) => done(error),
      );
    }

    /** Typed as the route; the plugin passes the route's limit options with the route under `routeInfo`. */
    child(routeOptions: RouteOptions) {
      const { routeInfo } = routeOptions as RouteOptions & { routeInfo?: Partial<RouteOptions> };
      const { method = '', url = '' } = routeInfo ?? routeOptions;
      return new PostgresRateLimitStore(`${[method].flat().join(',')}${url}:`);
    }
  };
}
