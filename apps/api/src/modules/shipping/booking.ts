import { createHash } from 'node:crypto';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { combinedParcel } from '@bagshop/shared/parcel';
import { asPaise, type Paise, sumPaise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { orderSale } from '@bagshop/shared/pricing/sales';
import type { AdminShipmentDto, BulkShipResponse, CreateShipmentInput } from '@bagshop/shared/schemas/shipping';
import { canCancelShipment } from '@bagshop/shared/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { itemsOf, lockOrder } from '../../db/order-rows.ts';
import { products } from '../../db/schema/catalogue.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import {
  type ShipmentOrder,
  type ShipmentOrderRequest,
  type ShippingProvider,
  ShippingProviderError,
} from '../../platform/shipping/provider.ts';
import { awaitsCodConfirmation, moveLockedItems, type OrderItemRow, type OrderRow } from '../orders/service.ts';
import { loadAdminShipment, type ShipmentRow } from './shipment-view.ts';

export type ShippingDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'> & { shipping: ShippingProvider };

/** A provider's failure as the admin desk reads it; nothing was booked twice, whatever it was. */
export function providerFailure(error: unknown): never {
  if (error instanceof ShippingProviderError) {
    const message = error.retryable ? SHIPPING_MSG.courierUnavailable : SHIPPING_MSG.courierRefused(error.message);
    throw new AppError('SHIPPING_PROVIDER', message, undefined, { cause: error });
  }
  throw error;
}

/** Shiprocket's public tracking page of an AWB; couriers booked by hand have their own sites the shop does not know. */
const trackingUrlOf = (provider: ShippingProvider['name'], awb: string) =>
  provider === 'shiprocket' ? `https://shiprocket.co/tracking/${encodeURIComponent(awb)}` : null;

/**
 * What the provider knows the parcel by: the order number and a digest of the item set and of how many bookings of
 * the order were cancelled before. The same request again (a double click, a retry after a timeout, another process)
 * gives the same reference, and the adapter finds the parcel it booked instead of booking another; after a
 * cancellation the provider refuses the old reference, so the next booking has a new one.
 */
export function shipmentReference(orderNumber: string, itemIds: readonly string[], cancelledBefore: number): string {
  const digest = createHash('sha256')
    .update(`${[...itemIds].sort().join(',')}#${cancelledBefore}`)
    .digest('hex')
    .slice(0, 8)
    .toUpperCase();
  return `${orderNumber}-${digest}`;
}

async function shipmentsOfOrder(tx: Tx, orderId: string): Promise<ShipmentRow[]> {
  return tx.select().from(shipments).where(eq(shipments.orderId, orderId));
}

/** The items the request names (or every Pending item), and a live shipment that already carries exactly them. */
function chooseItems(
  items: readonly OrderItemRow[],
  live: readonly ShipmentRow[],
  named: readonly string[] | undefined,
): { chosen: OrderItemRow[]; alreadyBooked: ShipmentRow | null } {
  if (!named) {
    const pending = items.filter((i) => i.status === 'Pending');
    // Nothing left to ship after a booking: the same request again is answered with that booking.
    if (pending.length === 0 && live.length > 0) return { chosen: [], alreadyBooked: live[live.length - 1] };
    return { chosen: pending, alreadyBooked: null };
  }
  const wanted = new Set(named);
  const chosen = items.filter((i) => wanted.has(i.id));
  if (chosen.length !== wanted.size) throw notFound(ORDER_MSG.itemNotFound);
  const same = live.find((s) => s.itemIds.length === wanted.size && s.itemIds.every((id) => wanted.has(id)));
  if (same) return { chosen, alreadyBooked: same };
  if (chosen.some((i) => i.status !== 'Pending')) throw new AppError('CONFLICT', SHIPPING_MSG.itemNotPending);
  return { chosen, alreadyBooked: null };
}

/**
 * What a parcel is worth, and what a cash-on-delivery courier collects for it: its items' shares of the order (coupon
 * and tax shared as invoices share them), plus the order's shipping fee on its first parcel. The booking and the
 * label both read it here.
 */
export function parcelWorthPaise(
  order: OrderRow,
  items: readonly OrderItemRow[],
  itemIds: readonly string[],
  firstParcel: boolean,
): Paise {
  const sale = orderSale(order, items);
  const inParcel = items.flatMap((item, i) =>
    itemIds.includes(item.id) ? [sale.items[i]?.netPaise ?? ZERO_PAISE] : [],
  );
  return sumPaise(firstParcel ? [...inParcel, order.shippingPaise] : inParcel);
}

async function parcelRequest(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  chosen: readonly OrderItemRow[],
  reference: string,
): Promise<ShipmentOrderRequest> {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const sizes = await tx
    .select({
      id: products.id,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      breadthCm: products.breadthCm,
      heightCm: products.heightCm,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        chosen.map((i) => i.productId),
      ),
    );
  const sizeOf = new Map(sizes.map((s) => [s.id, s]));
  const sale = orderSale(order, items);
  const saleOf = new Map(items.map((item, i) => [item.id, sale.items[i]]));
  const address = order.shippingAddress;
  // The parcel is worth what the shopper pays for its items (their shares of coupon and tax), and the first parcel
  // of an order carries its shipping fee: what a cash-on-delivery courier collects at the door.
  const firstParcel = items.every((i) => i.status === 'Pending' || i.status === 'Cancelled');
  const worth = parcelWorthPaise(
    order,
    items,
    chosen.map((i) => i.id),
    firstParcel,
  );
  return {
    reference,
    orderedAt: order.createdAt,
    paymentMethod: order.paymentMethod === 'cod' ? 'cod' : 'prepaid',
    subTotalPaise: worth,
    deliverTo: {
      name: address.name,
      phone: address.phone,
      email: owner?.email ?? '',
      line1: address.houseName,
      line2: address.landmark ? `${address.street}, ${address.landmark}` : address.street,
      city: address.town,
      state: address.state,
      pincode: address.zipcode,
    },
    items: chosen.map((i) => ({
      name: `${i.name} (${i.color})`,
      sku: i.productId,
      units: i.qty,
      unitPricePaise: asPaise(Math.round((saleOf.get(i.id)?.netPaise ?? i.pricePaise) / i.qty)),
    })),
    parcel: combinedParcel(
      chosen.map((i) => {
        const size = sizeOf.get(i.productId);
        return {
          qty: i.qty,
          weightGrams: size?.weightGrams ?? 0,
          lengthCm: size?.lengthCm ?? 1,
          breadthCm: size?.breadthCm ?? 1,
          heightCm: size?.heightCm ?? 1,
        };
      }),
    ),
  };
}

interface Booked {
  providerOrder: ShipmentOrder;
  awb: string;
  courier: string;
  courierId: string | null;
  courierLabelUrl: string | null;
  pickupScheduledFor: string | null;
}

/** The provider's steps, each safe to repeat: create (or find) the order, the AWB unless it has one, label, pickup. */
async function bookWithProvider(
  provider: ShippingProvider,
  request: ShipmentOrderRequest,
  input: CreateShipmentInput,
): Promise<Booked> {
  try {
    const providerOrder = await provider.createOrder(request);
    const assigned =
      providerOrder.awb && providerOrder.courierName
        ? { awb: providerOrder.awb, courierName: providerOrder.courierName, courierId: null }
        : await provider.assignAwb(providerOrder.shipmentId, {
            courierId: input.courierId,
            courierName: input.courier,
            awb: input.awb,
          });
    const label = await provider.generateLabel(providerOrder.shipmentId);
    // A pickup the courier could not schedule now is scheduled from its own panel; the parcel is booked all the same.
    const pickup = await provider.schedulePickup(providerOrder.shipmentId).catch(() => null);
    return {
      providerOrder,
      awb: assigned.awb,
      courier: assigned.courierName,
      courierId: assigned.courierId,
      courierLabelUrl: label?.kind === 'url' ? label.url : null,
      pickupScheduledFor: pickup?.scheduledFor ?? null,
    };
  } catch (error) {
    providerFailure(error);
  }
}

/** What the audit log keeps of a parcel. */
const auditSnapshot = (row: ShipmentRow, items: readonly OrderItemRow[]) => ({
  provider: row.provider,
  courier: row.courier,
  awb: row.awb,
  items: items.map((i) => `${i.name} × ${i.qty}`),
});

/**
 * The manual provider books what the administrator typed: both fields, and an AWB no live parcel has (a mistyped
 * one would send another parcel's tracking to this shopper). The unique index holds the same rule against a race.
 */
async function requireManualFields(tx: Tx, deps: ShippingDeps, input: CreateShipmentInput): Promise<void> {
  if (deps.shipping.name !== 'manual') return;
  const fields: Record<string, string> = {};
  if (!input.courier) fields.courier = SHIPPING_MSG.courierRequired;
  if (!input.awb) fields.awb = SHIPPING_MSG.awbRequired;
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const [taken] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(eq(shipments.provider, 'manual'), eq(shipments.awb, input.awb as string), ne(shipments.status, 'cancelled')),
    );
  if (taken) throw awbTaken();
}

const awbTaken = () => new AppError('CONFLICT', SHIPPING_MSG.awbTaken, { awb: SHIPPING_MSG.awbTaken });

/**
 * POST /api/admin/shipments: books one parcel for the order's Pending items (or the named ones) exactly once. The
 * whole booking holds the order's lock, so a second request for the same order (a double click, another process)
 * waits and then finds the parcel booked; a booking whose answer was lost is found again by its reference. The items
 * move Pending → Shipped, through the transition table, only once the parcel has an AWB.
 */
export async function bookShipment(
  deps: ShippingDeps,
  adminId: string,
  input: CreateShipmentInput,
): Promise<{ shipment: AdminShipmentDto; created: boolean }> {
  const now = new Date();
  const outcome = await deps.db
    .transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) throw notFound(ORDER_MSG.orderNotFound);
      const items = await itemsOf(tx, order.id);
      const all = await shipmentsOfOrder(tx, order.id);
      const live = all.filter((s) => s.status !== 'cancelled');
      const { chosen, alreadyBooked } = chooseItems(items, live, input.items);
      if (alreadyBooked) return { shipmentId: alreadyBooked.id, created: false, order, moved: [] };
      if (awaitsCodConfirmation(order, items)) throw new AppError('CONFLICT', SHIPPING_MSG.awaitsCodConfirmation);
      if (order.paymentMethod !== 'cod' && order.paymentStatus !== 'Paid') {
        throw new AppError('CONFLICT', SHIPPING_MSG.awaitsPayment);
      }
      if (chosen.length === 0) throw new AppError('CONFLICT', SHIPPING_MSG.nothingToShip);
      await requireManualFields(tx, deps, input);
      const reference = shipmentReference(
        order.orderNumber,
        chosen.map((i) => i.id),
        all.length - live.length,
      );
      const request = await parcelRequest(tx, order, items, chosen, reference);
      const booked = await bookWithProvider(deps.shipping, request, input);
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId: order.id,
          reference,
          itemIds: chosen.map((i) => i.id),
          provider: deps.shipping.name,
          providerOrderId: deps.shipping.name === 'manual' ? null : booked.providerOrder.providerOrderId,
          providerShipmentId: deps.shipping.name === 'manual' ? null : booked.providerOrder.shipmentId,
          courier: booked.courier,
          courierId: booked.courierId,
          awb: booked.awb,
          trackingUrl: trackingUrlOf(deps.shipping.name, booked.awb),
          courierLabelUrl: booked.courierLabelUrl,
          pickupScheduledFor: booked.pickupScheduledFor,
          lastEventAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .insert(shipmentEvents)
        .values({ shipmentId: row.id, at: now, kind: 'booked', label: 'Booked', location: null });
      const steps = chosen.map((i) => ({ itemId: i.id, to: 'Shipped' as const, by: 'courier' as const }));
      await moveLockedItems(tx, order, items, steps, now);
      await recordAudit(tx, adminId, {
        kind: 'order',
        action: 'ship',
        entityId: order.id,
        summary: `Order ${order.orderNumber}: ${row.courier} ${row.awb}`,
        before: null,
        after: auditSnapshot(row, chosen),
      });
      return { shipmentId: row.id, created: true, order, moved: chosen.map((i) => i.id) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw awbTaken();
      throw error;
    });
  for (const itemId of outcome.moved) {
    deps.realtime.orderStatusUpdated({ orderId: outcome.order.id, itemId, status: 'Shipped' }, outcome.order.userId);
  }
  const shipment = await loadAdminShipment(deps.db, outcome.shipmentId);
  if (!shipment) throw notFound(SHIPPING_MSG.shipmentNotFound);
  return { shipment, created: outcome.created };
}

/** Ships several orders one after the other, each on its own: one order's failure does not stop the others. */
export async function bookShipments(
  deps: ShippingDeps,
  adminId: string,
  orderIds: readonly string[],
): Promise<BulkShipResponse> {
  const results: BulkShipResponse['results'] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      const { shipment } = await bookShipment(deps, adminId, { orderId });
      results.push({ orderId, shipment, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = error.fields ? Object.values(error.fields) : [];
      results.push({ orderId, shipment: null, error: fields.length > 0 ? fields.join(' ') : error.message });
    }
  }
  return { results };
}

/**
 * Cancels a parcel the courier has not picked up: the provider's order is cancelled first (a failure changes
 * nothing here), then its items go back to Pending and the shipment is kept as cancelled.
 */
export async function cancelShipment(
  deps: ShippingDeps,
  adminId: string,
  shipmentId: string,
): Promise<AdminShipmentDto> {
  const now = new Date();
  if (!isUuid(shipmentId)) throw notFound(SHIPPING_MSG.shipmentNotFound);
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
    if (!found) throw notFound(SHIPPING_MSG.shipmentNotFound);
    const order = await lockOrder(tx, found.orderId);
    if (!order) throw notFound(SHIPPING_MSG.shipmentNotFound);
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    if (!canCancelShipment(shipment.status)) throw new AppError('CONFLICT', SHIPPING_MSG.cannotCancelShipment);
    if (shipment.providerOrderId) {
      await deps.shipping.cancel(shipment.providerOrderId).catch(providerFailure);
    }
    const items = await itemsOf(tx, order.id);
    const steps = items
      .filter((i) => shipment.itemIds.includes(i.id) && i.status === 'Shipped')
      .map((i) => ({ itemId: i.id, to: 'Pending' as const, by: 'courier' as const }));
    await moveLockedItems(tx, order, items, steps, now);
    await tx
      .update(shipments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(shipments.id, shipmentId), ne(shipments.status, 'cancelled')));
    await tx
      .insert(shipmentEvents)
      .values({ shipmentId, at: now, kind: 'cancelled', label: 'Cancelled', location: null })
      .onConflictDoNothing();
    await recordAudit(tx, adminId, {
      kind: 'order',
      action: 'ship-cancel',
      entityId: order.id,
      summary: `Order ${order.orderNumber}: ${shipment.courier} ${shipment.awb}`,
      before: auditSnapshot(
        shipment,
        items.filter((i) => shipment.itemIds.includes(i.id)),
      ),
      after: null,
    });
    return { order, itemIds: steps.map((s) => s.itemId) };
  });
  for (const itemId of outcome.itemIds) {
    deps.realtime.orderStatusUpdated({ orderId: outcome.order.id, itemId, status: 'Pending' }, outcome.order.userId);
  }
  const shipment = await loadAdminShipment(deps.db, shipmentId);
  if (!shipment) throw notFound(SHIPPING_MSG.shipmentNotFound);
  return shipment;
}
