import type { RtoRate } from '@bagshop/shared/schemas/shipping';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rtoItems } from '../../db/schema/shipping.ts';
import type { Instants } from './sales-data.ts';

/** Order items shipped in a period and how many of them came back to the seller undelivered. */
export interface RtoCounts {
  shipped: number;
  returnedToSeller: number;
}

/**
 * The RTO counts of a period, per payment method (docs/decisions/041-rto-rate.md). Counted in order items, not
 * units nor parcels, from `rto_items`: the triggers of migration 0034 keep there, for every item that has left the
 * shop, when it was shipped (its parcel's booking, or its order's day when no parcel carries it) and whether it is
 * now Returned to seller, so a return that arrives later lands in the period the item was shipped in.
 */
export async function loadRtoCounts(db: Db, { from, to }: Instants): Promise<{ cod: RtoCounts; prepaid: RtoCounts }> {
  const rows = await db
    .select({
      cod: rtoItems.cod,
      shipped: sql<number>`count(*)::int`,
      returned: sql<number>`(count(*) filter (where ${rtoItems.returnedToSeller}))::int`,
    })
    .from(rtoItems)
    .where(and(gte(rtoItems.shippedAt, from), lt(rtoItems.shippedAt, to)))
    .groupBy(rtoItems.cod);
  const none: RtoCounts = { shipped: 0, returnedToSeller: 0 };
  const counts = { cod: none, prepaid: none };
  for (const row of rows) {
    counts[row.cod ? 'cod' : 'prepaid'] = { shipped: row.shipped, returnedToSeller: row.returned };
  }
  return counts;
}

/** Returned ÷ shipped as a fraction, 0 when nothing was shipped. */
export function rtoRate(counts: { cod: RtoCounts; prepaid: RtoCounts }): RtoRate {
  const side = ({ shipped, returnedToSeller }: RtoCounts) => ({
    shipped,
    returnedToSeller,
    rate: shipped === 0 ? 0 : returnedToSeller / shipped,
  });
  return { cod: side(counts.cod), prepaid: side(counts.prepaid) };
}
