import { timingSafeEqual } from 'node:crypto';
import type { ItemStatus } from '@bagshop/shared/orders';
import { nextShipmentStatus, type ShipmentStatus } from '@bagshop/shared/shipping';
import { and, asc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { itemsOf, lockOrder } from '../../db/order-rows.ts';
import { courierWebhookRefusals, shipmentEvents, shipments } from '../../db/schema/shipping.ts';
import { AppError } from '../../platform/errors.ts';
import { scheduleAcrossProcesses } from '../../platform/run-once.ts';
import type { ShipmentTracking, TrackingEventKind } from '../../platform/shipping/provider.ts';
import { trackingFromWebhook } from '../../platform/shipping/shiprocket.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { moveLockedItems } from '../orders/service.ts';
import type { ShippingDeps } from './booking.ts';
import type { ShipmentRow } from './shipment-view.ts';

/** Where each courier event kind takes a parcel; other scans only add to its timeline. */
const STATUS_OF_KIND: Partial<Record<TrackingEventKind, ShipmentStatus>> = {
  'picked-up': 'picked-up',
  'in-transit': 'in-transit',
  'out-for-delivery': 'out-for-delivery',
  delivered: 'delivered',
  'rto-initiated': 'rto-initiated',
  'rto-delivered': 'returned-to-seller',
};

/** The item status a parcel's final status gives its items (through the transition table, by the courier). */
const ITEM_STATUS_OF: Partial<Record<ShipmentStatus, ItemStatus>> = {
  delivered: 'Delivered',
  'returned-to-seller': 'Returned to seller',
};

export type TrackingOutcome = 'moved' | 'recorded' | 'already' | 'ignored';

/** The status the events lead to from `current`, taken in time order: a step back is never taken. */
function statusAfter(current: ShipmentStatus, tracking: ShipmentTracking): ShipmentStatus {
  let status = current;
  const kinds = [...tracking.events.map((e) => e.kind), tracking.currentKind];
  for (const kind of kinds) {
    const reached = STATUS_OF_KIND[kind];
    if (reached) status = nextShipmentStatus(status, reached) ?? status;
  }
  return status;
}

async function recordEvents(tx: Tx, shipmentId: string, tracking: ShipmentTracking): Promise<number> {
  if (tracking.events.length === 0) return 0;
  const added = await tx
    .insert(shipmentEvents)
    .values(
      tracking.events.map((e) => ({
        shipmentId,
        at: new Date(e.at),
        kind: e.kind,
        label: e.label.slice(0, 200),
        location: e.location?.slice(0, 200) ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: shipmentEvents.id });
  return added.length;
}

interface Applied {
  outcome: TrackingOutcome;
  orderId: string;
  ownerId: string;
  moved: { itemId: string; status: ItemStatus }[];
}

/**
 * One courier report (webhook or poll) applied to one parcel, once: its events are kept (a scan seen before is not
 * kept again), the parcel moves only forward, and a final status moves its items through the transition table —
 * Delivered (cash on delivery: the cash is recorded as collected), or Returned to seller (stock back, a prepaid item
 * refunded as a cancellation is). Every other step mails the shopper once per status. Runs under the order's lock.
 */
export async function applyTracking(
  deps: ShippingDeps,
  shipmentId: string,
  tracking: ShipmentTracking,
  now = new Date(),
): Promise<TrackingOutcome> {
  const applied = await deps.db.transaction(async (tx): Promise<Applied | null> => {
    const [found] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
    if (!found) return null;
    const order = await lockOrder(tx, found.orderId);
    if (!order) return null;
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    const base = { orderId: order.id, ownerId: order.userId, moved: [] };
    if (shipment.status === 'cancelled') return { ...base, outcome: 'ignored' };
    const added = await recordEvents(tx, shipment.id, tracking);
    const status = statusAfter(shipment.status, tracking);
    await tx
      .update(shipments)
      .set({
        status,
        expectedDelivery: tracking.etd ?? shipment.expectedDelivery,
        lastEventAt: now,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id));
    if (status === shipment.status) return { ...base, outcome: added > 0 ? 'recorded' : 'already' };

    const itemStatus = ITEM_STATUS_OF[status];
    if (!itemStatus) {
      await mailShipmentUpdate(tx, order.userId, {
        ...shipment,
        status,
        expectedDelivery: tracking.etd ?? shipment.expectedDelivery,
      });
      return { ...base, outcome: 'moved' };
    }
    const items = await itemsOf(tx, order.id);
    const steps = items
      .filter((i) => shipment.itemIds.includes(i.id) && i.status === 'Shipped')
      .map((i) => ({ itemId: i.id, to: itemStatus, by: 'courier' as const }));
    await moveLockedItems(tx, order, items, steps, now);
    return { ...base, outcome: 'moved', moved: steps.map((s) => ({ itemId: s.itemId, status: itemStatus })) };
  });
  if (!applied) return 'ignored';
  for (const { itemId, status } of applied.moved) {
    deps.realtime.orderStatusUpdated({ orderId: applied.orderId, itemId, status }, applied.ownerId);
  }
  return applied.outcome;
}

async function mailShipmentUpdate(tx: Tx, userId: string, shipment: ShipmentRow): Promise<void> {
  await enqueueMail(tx, `shipment-update:${shipment.id}:${shipment.status}`, { userId }, 'shipment-update', {
    orderId: shipment.orderId,
    shipmentId: shipment.id,
    status: shipment.status,
    courier: shipment.courier,
    awb: shipment.awb,
    trackingUrl: shipment.trackingUrl,
    expectedDelivery: shipment.expectedDelivery,
  });
}

const HAND_MOVES: Partial<Record<ItemStatus, { status: ShipmentStatus; kind: string; label: string }>> = {
  Delivered: { status: 'delivered', kind: 'delivered', label: 'Marked delivered by the shop' },
  'Returned to seller': {
    status: 'returned-to-seller',
    kind: 'rto-delivered',
    label: 'Marked returned to seller by the shop',
  },
};

/**
 * The admin desk marked an item of a parcel Delivered or Returned to seller by hand (a courier booked at its counter
 * has no tracking): inside that move's transaction, the parcel follows once all its items have, with a timeline entry.
 */
export async function followHandMove(tx: Tx, itemId: string, to: ItemStatus, now: Date): Promise<void> {
  const move = HAND_MOVES[to];
  if (!move) return;
  const [shipment] = await tx
    .select()
    .from(shipments)
    .where(and(sql`${itemId}::uuid = any(${shipments.itemIds})`, sql`${shipments.status} <> 'cancelled'`))
    .for('update');
  if (!shipment || nextShipmentStatus(shipment.status, move.status) === null) return;
  const items = await itemsOf(tx, shipment.orderId);
  const inParcel = items.filter((i) => shipment.itemIds.includes(i.id));
  if (!inParcel.every((i) => i.id === itemId || i.status === to || i.status === 'Cancelled')) return;
  await tx
    .update(shipments)
    .set({ status: move.status, lastEventAt: now, updatedAt: now })
    .where(eq(shipments.id, shipment.id));
  await tx
    .insert(shipmentEvents)
    .values({ shipmentId: shipment.id, at: now, kind: move.kind, label: move.label, location: null })
    .onConflictDoNothing();
}

/** Compares the webhook's token in constant time; a shop without one configured takes no webhook at all. */
function webhookTokenMatches(expected: string | undefined, given: string | undefined): boolean {
  const a = Buffer.from(expected ?? '');
  const b = Buffer.from(given ?? '');
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses a webhook without the right token (401). While Shiprocket is the courier, each refusal is counted in the
 * minute's row, one statement whichever process took it, and rows over a day old go in the same statement: many
 * refusals in an hour mean Shiprocket's token and SHIPROCKET_WEBHOOK_TOKEN differ (docs/decisions/046-attention.md).
 * With the manual provider no courier calls, so a refusal there is nobody the owner needs to hear about.
 */
export async function checkWebhookToken(
  deps: Pick<ShippingDeps, 'db' | 'config'>,
  given: string | undefined,
): Promise<void> {
  if (webhookTokenMatches(deps.config.SHIPROCKET_WEBHOOK_TOKEN, given)) return;
  if (deps.config.SHIPPING_PROVIDER === 'shiprocket') {
    await deps.db.execute(sql`
      with pruned as (delete from ${courierWebhookRefusals} where ${courierWebhookRefusals.minute} < now() - interval '1 day')
      insert into ${courierWebhookRefusals} (minute, refusals, last_at) values (date_trunc('minute', now()), 1, now())
      on conflict (minute) do update
        set refusals = ${courierWebhookRefusals.refusals} + 1, last_at = excluded.last_at`);
  }
  throw new AppError('UNAUTHORIZED', 'Unauthorized');
}

/** The webhook refusals counted since `since` (minutes that began after it), and the last one's time. */
export async function courierWebhookRefusalsSince(
  db: DbOrTx,
  since: Date,
): Promise<{ refusals: number; lastAt: Date | null }> {
  const [row] = await db
    .select({
      refusals: sql<number>`coalesce(sum(${courierWebhookRefusals.refusals}), 0)::int`,
      lastAt: sql<string | null>`max(${courierWebhookRefusals.lastAt})`,
    })
    .from(courierWebhookRefusals)
    .where(gt(courierWebhookRefusals.minute, since));
  return { refusals: row?.refusals ?? 0, lastAt: row?.lastAt ? new Date(row.lastAt) : null };
}

/**
 * POST /api/shipping/webhook: Shiprocket's tracking report for one AWB. An AWB the shop did not book (or a body
 * without a status) is acknowledged and ignored, so Shiprocket does not retry it forever.
 */
export async function handleShippingWebhook(
  deps: ShippingDeps,
  body: Record<string, unknown>,
): Promise<TrackingOutcome> {
  const tracking = trackingFromWebhook(body);
  if (!tracking) return 'ignored';
  const [shipment] = await deps.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.provider, 'shiprocket'),
        eq(shipments.awb, tracking.awb),
        sql`${shipments.status} <> 'cancelled'`,
      ),
    );
  if (!shipment) return 'ignored';
  return applyTracking(deps, shipment.id, tracking);
}

const QUIET_BATCH = 50;

/**
 * Asks the courier about parcels it has been quiet about for `SHIPPING_POLL_HOURS`: the webhook may have been lost.
 * Each parcel is claimed with SKIP LOCKED and its quiet time moved on before it is asked, so two processes never ask
 * about the same parcel, and a courier that cannot answer is asked again a period later, not at once.
 */
export async function pollQuietShipments(deps: ShippingDeps, now = new Date()): Promise<number> {
  if (deps.shipping.name === 'manual') return 0;
  const quietSince = new Date(now.getTime() - deps.config.SHIPPING_POLL_HOURS * 60 * 60 * 1000);
  let asked = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: shipments.id, awb: shipments.awb })
        .from(shipments)
        .where(
          and(
            eq(shipments.provider, deps.shipping.name),
            lt(shipments.lastEventAt, quietSince),
            notInArray(shipments.status, ['delivered', 'returned-to-seller', 'cancelled']),
          ),
        )
        .orderBy(asc(shipments.lastEventAt))
        .limit(QUIET_BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        await tx.update(shipments).set({ lastEventAt: now }).where(eq(shipments.id, row.id));
      }
      return rows;
    });
    for (const row of claimed) {
      asked += 1;
      const tracking = await deps.shipping.track(row.awb).catch(() => null);
      if (tracking) await applyTracking(deps, row.id, tracking, now);
    }
    if (claimed.length < QUIET_BATCH) return asked;
  }
}

/** The polling job's name in job_runs. */
export const SHIPPING_POLL_JOB = 'shipping-poll';

/** Polls every quarter of SHIPPING_POLL_HOURS (at least every 15 minutes), run by one process each period. */
export function scheduleShippingPoll(
  deps: ShippingDeps,
  onError: (error: unknown) => void,
  everyMs = Math.min(15 * 60 * 1000, (deps.config.SHIPPING_POLL_HOURS * 60 * 60 * 1000) / 4),
): () => Promise<void> {
  return scheduleAcrossProcesses(
    deps.db,
    { name: SHIPPING_POLL_JOB, everyMs },
    async () => {
      await pollQuietShipments(deps);
    },
    onError,
  );
}
