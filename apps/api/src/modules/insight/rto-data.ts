import type { ItemStatus } from '@bagshop/shared/orders';
import type { RtoRate } from '@bagshop/shared/schemas/shipping';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipping.ts';
import type { Instants } from './sales-data.ts';

/** Order items shipped in a period and how many of them came back to the seller undelivered. */
export interface RtoCounts {
  shipped: number;
  returnedToSeller: number;
}

/** The statuses an item only reaches once it has left the shop (booked parcels included). */
const LEFT_THE_SHOP = [
  'Shipped',
  'Delivered',
  'Return requested',
  'Returned',
  'Returned to seller',
] as const satisfies readonly ItemStatus[];

const RETURNED_TO_SELLER: ItemStatus = 'Returned to seller';

const statusList = sql.join(
  LEFT_THE_SHOP.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The RTO counts of a period, per payment method (docs/decisions/041-rto-rate.md). Counted in order items, not
 * units nor parcels. An item is shipped in the period when a parcel that was not cancelled and was booked in the
 * period carries it; an item no such parcel carries (shipped by hand before the shop booked parcels) is shipped on
 * its order's day when its status says it left the shop. It counts as returned when its status is now Returned to
 * seller, so a return that arrives later lands in the period the item was shipped in.
 */
export async function loadRtoCounts(db: Db, { from, to }: Instants): Promise<{ cod: RtoCounts; prepaid: RtoCounts }> {
  const liveParcel = sql`${shipments.status} <> 'cancelled'`;
  // UNION, not UNION ALL: an item the two ways would both find (it cannot be, but a fix by hand might) counts once.
  const result = await db.execute<{ cod: boolean; shipped: number; returned: number }>(sql`
    with shipped_items as (
      select ${orderItems.id} as id, ${orderItems.status} as status, ${orders.paymentMethod} as method
      from ${shipments}
      cross join lateral unnest(${shipments.itemIds}) as parcel(item_id)
      join ${orderItems} on ${orderItems.id} = parcel.item_id
      join ${orders} on ${orders.id} = ${orderItems.orderId}
      where ${liveParcel} and ${shipments.createdAt} >= ${from} and ${shipments.createdAt} < ${to}
      union
      select ${orderItems.id}, ${orderItems.status}, ${orders.paymentMethod}
      from ${orders}
      join ${orderItems} on ${orderItems.orderId} = ${orders.id}
      where ${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to}
        and ${orderItems.status} in (${statusList})
        and not exists (
          select 1 from ${shipments}
          where ${shipments.orderId} = ${orders.id} and ${liveParcel} and ${orderItems.id} = any(${shipments.itemIds})
        )
    )
    select method = 'cod' as cod,
      count(*)::int as shipped,
      (count(*) filter (where status = ${RETURNED_TO_SELLER}))::int as returned
    from shipped_items
    group by 1
  `);
  const none: RtoCounts = { shipped: 0, returnedToSeller: 0 };
  const counts = { cod: none, prepaid: none };
  for (const row of result.rows) {
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
