import crypto from 'node:crypto';
import type { ItemStatus } from '@bagshop/shared/orders';
import { cartSummary } from '@bagshop/shared/pricing/cart';
import type { Paise } from '@bagshop/shared/pricing/money';
import { unitPrice } from '@bagshop/shared/pricing/offers';
import { itemRefund } from '@bagshop/shared/pricing/refunds';
import { keptLineFigures } from '@bagshop/shared/pricing/sold-lines';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { categories, offers, products } from '../db/schema/catalogue.ts';
import { type AddressSnapshot, orderItems, orders, wallets, walletTransactions } from '../db/schema/orders.ts';
import { shipmentEvents, shipments } from '../db/schema/shipping.ts';
import { users } from '../db/schema/users.ts';
import { rebuildSalesRollup } from '../modules/insight/service.ts';
import { issueCreditNote, issueInvoice } from '../modules/invoicing/service.ts';
import { hashPassword } from '../platform/passwords.ts';
import { newOrderNumber } from '../workflows/place-order/order-number.ts';
import { DEMO_DOMAIN } from './demo-domain.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The demo customers: name, state, town, PIN code. Their emails are at the reserved demo domain (demoCustomerEmail). */
export const CUSTOMERS = [
  ['Rahul Verma', 'Maharashtra', 'Pune', '411001'],
  ['Priya Nair', 'Kerala', 'Thrissur', '680001'],
  ['Arjun Reddy', 'Telangana', 'Hyderabad', '500001'],
  ['Meera Iyer', 'Tamil Nadu', 'Chennai', '600004'],
  ['Kabir Singh', 'Punjab', 'Ludhiana', '141001'],
  ['Ananya Das', 'West Bengal', 'Kolkata', '700019'],
  ['Vikram Rao', 'Karnataka', 'Mysuru', '570001'],
  ['Sneha Kulkarni', 'Goa', 'Panaji', '403001'],
] as const;

/** A demo customer's email at `domain` (bagshop.example since; earlier versions seeded example.in). */
export const demoCustomerEmail = (name: string, domain = DEMO_DOMAIN) =>
  `${name.toLowerCase().replace(' ', '.')}@${domain}`;

/** A fixed sequence, so every fresh demo shop shows the same story. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

/**
 * Demo sales for the dashboard and the sales report: eight customers and about forty orders over the last ten
 * weeks (today included), paid by card and cash on delivery, with a cancellation and two returns refunded to the
 * wallet; shipped orders went in a parcel booked by hand (courier and AWB). Stock is left as the catalogue seed set
 * it. Runs once, on a shop without orders.
 */
export async function seedSales(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(orders);
  if (count > 0) return false;
  const categoryOffers = alias(offers, 'category_offers');
  const catalogue = await db
    .select({ product: products, offer: offers, categoryOffer: categoryOffers })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(offers, eq(offers.id, products.offerId))
    .leftJoin(categoryOffers, eq(categoryOffers.id, categories.offerId))
    .orderBy(products.createdAt);
  if (catalogue.length === 0) return false;
  const now = Date.now();
  const pick = sequence(2024);
  const passwordHash = await hashPassword(crypto.randomBytes(24).toString('hex'));

  await db.transaction(async (tx) => {
    const customers = await tx
      .insert(users)
      .values(
        CUSTOMERS.map(([name], i) => ({
          name,
          email: demoCustomerEmail(name),
          phone: `98${String(45_000_000 + i * 1_111_111).padStart(8, '0')}`,
          passwordHash,
          emailVerified: true,
          createdAt: new Date(now - (80 - i * 11) * DAY),
        })),
      )
      .returning({ id: users.id, createdAt: users.createdAt });

    for (let n = 0; n < 40; n++) {
      // Denser towards today; the last order is a few minutes old so "Today" has a sale.
      const ageMs = n === 39 ? 5 * 60 * 1000 : Math.floor(((40 - n) ** 1.6 / 40 ** 1.6) * 70 * DAY) + pick(12) * HOUR;
      const placedAt = new Date(now - ageMs);
      const who = pick(customers.length);
      const customer = customers[who];
      if (customer.createdAt > placedAt) continue;
      const lines = Array.from({ length: 1 + pick(3) }, () => catalogue[pick(catalogue.length)]).filter(
        (line, i, all) => all.findIndex((l) => l.product.id === line.product.id) === i,
      );
      const twist = n === 12 || n === 27 ? 'return' : n === 37 ? 'cancel' : null;
      await seedOrder(tx, {
        userId: customer.id,
        address: addressOf(CUSTOMERS[who]),
        placedAt,
        method: twist === 'cancel' ? 'cod' : (['razorpay', 'razorpay', 'cod'] as const)[pick(3)],
        lines: lines.map(({ product, offer, categoryOffer }) => ({
          product,
          qty: 1 + pick(2),
          discountPaise: unitPrice(product.pricePaise, offer, categoryOffer, placedAt).discountPaise,
        })),
        twist,
        parcel: n,
      });
    }
    // The demo orders are written directly, not through the order desk: the sales rollup is worked out from them.
    await rebuildSalesRollup(tx);
  });
  return true;
}

function addressOf([name, state, town, zipcode]: (typeof CUSTOMERS)[number]): AddressSnapshot {
  return {
    name,
    houseName: 'Flat 12',
    street: 'Station Road',
    town,
    state,
    zipcode,
    country: 'IN',
    phone: '9845000000',
  };
}

interface DemoOrder {
  userId: string;
  address: AddressSnapshot;
  placedAt: Date;
  method: 'razorpay' | 'cod';
  lines: { product: typeof products.$inferSelect; qty: number; discountPaise: Paise }[];
  twist: 'return' | 'cancel' | null;
  /** The order's place in the story: chooses its courier and numbers its AWB. */
  parcel: number;
}

/** Couriers a shop books at the counter, with AWBs in their own styles. */
const COURIERS: ReadonlyArray<{ name: string; awb: (serial: number) => string }> = [
  { name: 'India Post', awb: (serial) => `EK${String(407_316_000 + serial)}IN` },
  { name: 'Delhivery', awb: (serial) => String(19_041_424_751_000 + serial) },
  { name: 'DTDC', awb: (serial) => `D${String(71_450_000 + serial)}` },
  { name: 'Blue Dart', awb: (serial) => String(50_312_486_000 + serial) },
];

/** Items older than a week are delivered, those of the last week shipped, the last two days pending. */
function statusAt(placedAt: Date, now: number): { status: ItemStatus; deliveredAt: Date | null } {
  const age = now - placedAt.getTime();
  if (age > 7 * DAY) return { status: 'Delivered', deliveredAt: new Date(placedAt.getTime() + 4 * DAY) };
  return { status: age > 2 * DAY ? 'Shipped' : 'Pending', deliveredAt: null };
}

async function seedOrder(tx: Tx, demo: DemoOrder) {
  const now = Date.now();
  const summary = cartSummary(demo.lines.map((l) => ({ pricePaise: l.product.pricePaise, ...l })));
  const { status, deliveredAt } = statusAt(demo.placedAt, now);
  const cashCollected = demo.method !== 'cod' || status === 'Delivered';
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: newOrderNumber(),
      userId: demo.userId,
      paymentMethod: demo.method,
      paymentStatus: cashCollected ? 'Paid' : 'Pending',
      totalPricePaise: summary.totalPrice,
      totalDiscountPaise: summary.discount,
      taxPaise: summary.tax,
      shippingPaise: summary.shipping,
      finalPaise: summary.final,
      shippingAddress: demo.address,
      paidAt: cashCollected ? (demo.method === 'cod' ? deliveredAt : demo.placedAt) : null,
      createdAt: demo.placedAt,
      updatedAt: deliveredAt ?? demo.placedAt,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      demo.lines.map((l, index) => ({
        ...keptLineFigures(summary.lines[index]),
        orderId: order.id,
        productId: l.product.id,
        name: l.product.name,
        color: l.product.color,
        image: l.product.images[0]?.thumb ?? '',
        pricePaise: l.product.pricePaise,
        discountPaise: l.discountPaise,
        qty: l.qty,
        status,
        deliveredAt,
        updatedAt: deliveredAt ?? demo.placedAt,
      })),
    )
    .returning();

  const first = items[0];
  if (demo.twist === 'cancel' && status === 'Pending') {
    await tx
      .update(orderItems)
      .set({ status: 'Cancelled', cancelReason: 'Ordered the wrong colour' })
      .where(eq(orderItems.id, first.id));
  }
  // Cash on delivery is invoiced when its parcel leaves, two days after the order (seedShipment); the rest when paid.
  const shippedAt = status === 'Pending' ? null : new Date(demo.placedAt.getTime() + 2 * DAY);
  const invoicedAt = demo.method === 'cod' ? shippedAt : order.paidAt;
  if (invoicedAt) await issueInvoice(tx, order.id, invoicedAt);
  if (demo.twist === 'return' && status === 'Delivered' && deliveredAt) {
    const refund = itemRefund(order, items, first.id).amountPaise;
    const at = new Date(deliveredAt.getTime() + 2 * DAY);
    await tx
      .update(orderItems)
      .set({ status: 'Returned', returnReason: 'The strap was too short', refundedPaise: refund, updatedAt: at })
      .where(eq(orderItems.id, first.id));
    await tx
      .insert(wallets)
      .values({ userId: demo.userId, balancePaise: refund })
      .onConflictDoUpdate({ target: wallets.userId, set: { balancePaise: sql`${wallets.balancePaise} + ${refund}` } });
    await tx.insert(walletTransactions).values({
      userId: demo.userId,
      amountPaise: refund,
      type: 'Order Returned',
      description: `Order Returned: ${first.name} × ${first.qty} (${order.orderNumber})`,
      orderId: order.id,
      orderItemId: first.id,
      createdAt: at,
    });
    // The return reverses its invoice line, as a return through the shop does (docs/decisions/027-gst-invoice.md).
    await issueCreditNote(tx, { orderId: order.id, orderItemId: first.id, amountPaise: refund, at });
  }
  if (status !== 'Pending') await seedShipment(tx, order, items, demo.parcel, deliveredAt);
}

/**
 * The parcel a shipped order went in, booked by hand two days after the order (manual provider: the courier and the
 * AWB typed at the counter), with its timeline: booked, and delivered when it was.
 */
async function seedShipment(
  tx: Tx,
  order: typeof orders.$inferSelect,
  items: readonly (typeof orderItems.$inferSelect)[],
  parcel: number,
  deliveredAt: Date | null,
) {
  const courier = COURIERS[parcel % COURIERS.length];
  const bookedAt = new Date(order.createdAt.getTime() + 2 * DAY);
  const lastEventAt = deliveredAt ?? bookedAt;
  const [shipment] = await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      reference: `${order.orderNumber}-SEED`,
      itemIds: items.map((i) => i.id),
      provider: 'manual',
      courier: courier.name,
      awb: courier.awb(parcel),
      status: deliveredAt ? 'delivered' : 'booked',
      lastEventAt,
      createdAt: bookedAt,
      updatedAt: lastEventAt,
    })
    .returning({ id: shipments.id });
  const events = [{ at: bookedAt, kind: 'booked', label: 'Booked' }];
  // A parcel booked at the counter has no tracking: the shop marked it delivered, as the desk does.
  if (deliveredAt) events.push({ at: deliveredAt, kind: 'delivered', label: 'Marked delivered by the shop' });
  await tx
    .insert(shipmentEvents)
    .values(events.map((e) => ({ ...e, shipmentId: shipment.id, location: null, createdAt: e.at })));
}
