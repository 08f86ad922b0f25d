import type { ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { SHIP_TIME_ZONE_DATE } from '@bagshop/shared/shipping-dates';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shippingEstimates } from '../../db/schema/shipping.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { type Estimate, type ShippingProvider, ShippingProviderError } from '../../platform/shipping/provider.ts';

/** What is kept of a courier's answer for a pincode: days, so the dates move on with the calendar. */
export type CachedEstimate = Pick<Estimate, 'serviceable' | 'codAvailable' | 'earliestDays' | 'latestDays'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the shop trusts a courier's answer for a pincode (docs/decisions/039-shipping.md). */
export const ESTIMATE_TTL_MS = DAY_MS;
/** Answers kept in each process on top of the shared table, so the product page asks PostgreSQL once a minute. */
const MEMO_TTL_MS = 60 * 1000;
const MEMO_MAX = 10_000;

export type EstimateDeps = Pick<AppDeps, 'db' | 'config'> & { shipping: ShippingProvider };

/** Per-process memo of the shared cache; a Map keeps insertion order, so the oldest entry goes first when full. */
const memo = new Map<string, { estimate: CachedEstimate; until: number }>();

/** Forgets this process's memo (tests that change what the courier answers). */
export function forgetEstimates(): void {
  memo.clear();
}

function remember(pincode: string, estimate: CachedEstimate, until: number): void {
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(pincode, { estimate, until });
}

async function fromSharedCache(db: Db, pincode: string, now: Date): Promise<CachedEstimate | null> {
  const [row] = await db
    .select({ answer: shippingEstimates.answer })
    .from(shippingEstimates)
    .where(sql`${shippingEstimates.pincode} = ${pincode} and ${shippingEstimates.expiresAt} > ${now}`);
  return row?.answer ?? null;
}

async function askCourier(deps: EstimateDeps, pincode: string): Promise<CachedEstimate> {
  try {
    const answer = await deps.shipping.estimate({
      pickupPincode: deps.config.SELLER_PINCODE,
      deliveryPincode: pincode,
      weightGrams: deps.config.DEFAULT_WEIGHT_GRAMS,
      cod: true,
    });
    const { serviceable, codAvailable, earliestDays, latestDays } = answer;
    return { serviceable, codAvailable, earliestDays, latestDays };
  } catch (error) {
    if (error instanceof ShippingProviderError) {
      throw new AppError('SHIPPING_PROVIDER', SHIPPING_MSG.estimateUnavailable, undefined, { cause: error });
    }
    throw error;
  }
}

/**
 * What the courier says of a pincode: this process's memo, else the table every process shares (a day), else the
 * courier. Two processes missing at once both ask; the later answer is kept, which is as good as the first.
 */
export async function cachedEstimate(
  deps: EstimateDeps,
  pincode: string,
  now = new Date(),
  beforeAsking?: () => Promise<void>,
): Promise<CachedEstimate> {
  const memoised = memo.get(pincode);
  if (memoised && memoised.until > now.getTime()) return memoised.estimate;
  const shared = await fromSharedCache(deps.db, pincode, now);
  if (shared) {
    remember(pincode, shared, now.getTime() + MEMO_TTL_MS);
    return shared;
  }
  await beforeAsking?.();
  const estimate = await askCourier(deps, pincode);
  const expiresAt = new Date(now.getTime() + ESTIMATE_TTL_MS);
  await deps.db
    .insert(shippingEstimates)
    .values({ pincode, answer: estimate, expiresAt })
    .onConflictDoUpdate({ target: shippingEstimates.pincode, set: { answer: estimate, expiresAt } });
  remember(pincode, estimate, now.getTime() + MEMO_TTL_MS);
  return estimate;
}

/** Drops a pincode from the shared cache (the owner changed the seller pincode or the courier settings). */
export async function dropEstimate(db: Db, pincode: string): Promise<void> {
  memo.delete(pincode);
  await db.delete(shippingEstimates).where(eq(shippingEstimates.pincode, pincode));
}

/** The India date `days` after `now`, YYYY-MM-DD. */
export function indiaDateAfter(now: Date, days: number): string {
  return SHIP_TIME_ZONE_DATE.format(new Date(now.getTime() + days * DAY_MS));
}

/**
 * GET /api/shipping/estimate: dates counted from today in India. `beforeAsking` runs when the courier's API would be
 * called (a pincode nobody asked about today): the route counts it against the visitor's allowance, so a visitor
 * cannot spend the shop's courier quota by walking through every pincode.
 */
export async function estimateFor(
  deps: EstimateDeps,
  pincode: string,
  beforeAsking?: () => Promise<void>,
  now = new Date(),
): Promise<ShippingEstimate> {
  const estimate = await cachedEstimate(deps, pincode, now, deps.shipping.name === 'manual' ? undefined : beforeAsking);
  const dated = estimate.serviceable && estimate.earliestDays !== null && estimate.latestDays !== null;
  return {
    pincode,
    serviceable: estimate.serviceable,
    codAvailable: estimate.serviceable && estimate.codAvailable,
    earliest: dated ? indiaDateAfter(now, estimate.earliestDays as number) : null,
    latest: dated ? indiaDateAfter(now, estimate.latestDays as number) : null,
  };
}
