import { and, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { categories, offers, products } from './schema/catalogue.ts';

/**
 * The stored price after offer (products.offer_percent, and final_price_paise worked out from it) follows the
 * database function best_offer_percent (migration 0012), the SQL twin of unitPrice(). A product write sets it by
 * trigger; offer and category changes call refreshOfferPercents in their transaction; the sale price job calls it
 * when an offer starts or ends (docs/decisions/019-catalogue-reads.md).
 */
function bestOfferPercent(at: Date | undefined): SQL<number> {
  const moment = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql<number>`best_offer_percent(${products.pricePaise}, ${products.offerId}, ${products.categoryId}, ${moment})`;
}

/**
 * Sets the offer percent of the products in `scope` (all when none) to what applies at `at` (the transaction's
 * time when not given). Set-based and idempotent: only rows whose figure changes are written, so several shop
 * processes may run it at once. Returns the number of products changed.
 */
export async function refreshOfferPercents(db: DbOrTx, scope?: SQL, at?: Date): Promise<number> {
  const percent = bestOfferPercent(at);
  const changed = await db
    .update(products)
    .set({ offerPercent: percent })
    .where(and(scope, sql`${products.offerPercent} is distinct from ${percent}`))
    .returning({ id: products.id });
  return changed.length;
}

/** The products whose price an offer may set: those it is the product offer of, and those of its categories. */
export function productsUnderOffer(offerId: string): SQL {
  return sql`(${products.offerId} = ${offerId} or ${products.categoryId} in (select ${categories.id} from ${categories} where ${categories.offerId} = ${offerId}))`;
}

/** The next moment after `now` at which an offer that can count starts or ends; null when none is ahead. */
export async function nextOfferChange(db: DbOrTx, now: Date): Promise<Date | null> {
  const after = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      at: sql<string | null>`least(min(${offers.activation}) filter (where ${offers.activation} > ${after}),
        min(${offers.expiry}) filter (where ${offers.expiry} > ${after}))`,
    })
    .from(offers)
    .where(and(isNull(offers.deletedAt), not(offers.isBlocked), sql`${offers.expiry} > ${after}`));
  return row?.at ? new Date(row.at) : null;
}

/** Whether an offer started or ended in (`from`, `to`]: only then can time alone change a stored price. */
export async function offerChangedBetween(db: DbOrTx, from: Date, to: Date): Promise<boolean> {
  const after = sql`${from.toISOString()}::timestamptz`;
  const upTo = sql`${to.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      sql`(${offers.activation} > ${after} and ${offers.activation} <= ${upTo}) or (${offers.expiry} > ${after} and ${offers.expiry} <= ${upTo})`,
    )
    .limit(1);
  return row !== undefined;
}
