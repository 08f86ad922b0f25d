import { randomUUID } from 'node:crypto';
import { MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import type { OrderDto, PlaceOrderResponse } from '@bagshop/shared/order-types';
import { COD_LIMIT_PAISE, MAX_UNPAID_CARD_ORDERS } from '@bagshop/shared/orders';
import { afterOffersOf, cartSummary, type SoldLine } from '@bagshop/shared/pricing/cart';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { PlaceOrderInput } from '@bagshop/shared/schemas/orders';
import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { and, count, eq, exists, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '../../db/client.ts';
import {
  type CommitWith,
  type Opening,
  type TransactionEnds,
  transactionWithPrepared,
} from '../../db/prepared-transaction.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { type AddressSnapshot, orderItems, orders } from '../../db/schema/orders.ts';
import { addresses, users } from '../../db/schema/users.ts';
import { columnName, tableRowOf } from '../../db/table-rows.ts';
import { appliedCouponFor, couponTermsOf, hasCouponOnCart, redeemCoupon } from '../../modules/coupons/service.ts';
import { checkCodAllowed, checkDelivery } from '../../modules/delivery/service.ts';
import { addPaidOrderToSales } from '../../modules/insight/service.ts';
import { issueInvoice } from '../../modules/invoicing/service.ts';
import { enqueueMailStatement } from '../../modules/mail-outbox/service.ts';
import {
  codConfirmTokenOf,
  loadOrderDto,
  type OrderItemRow,
  type OrderRow,
  toOrderDto,
} from '../../modules/orders/service.ts';
import { createCheckoutPayment, markOrderPaid, requireCardPayments } from '../../modules/payments/service.ts';
import {
  isAvailable,
  type ProductWithRelations,
  priceOf,
  productsWithRelationsSql,
  productWithRelationsOf,
} from '../../modules/products/service.ts';
import { stockChangeStatement } from '../../modules/stock-ledger/service.ts';
import { debit } from '../../modules/wallet/service.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import type { SignedLinks } from '../../platform/signed-links.ts';
import { newOrderNumber } from './order-number.ts';

interface Line {
  cartId: string;
  qty: number;
  row: ProductWithRelations;
  pricePaise: Paise;
  discountPaise: Paise;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

interface Checkout {
  /** Null when the address is not one of the shopper's. */
  shippingAddress: AddressSnapshot | null;
  owner: { id: string; name: string; email: string; phone: string };
}

/** The checkout's fixed-shape queries, built once and prepared on each connection. */
function prepareCheckoutQueries(db: Db) {
  return {
    /** The order row, sent in one message with its items (see `placeInTransaction`). */
    insertOrder: db
      .insert(orders)
      .values({
        id: sql.placeholder('orderId'),
        orderNumber: sql.placeholder('orderNumber'),
        userId: sql.placeholder('userId'),
        paymentMethod: sql.placeholder('paymentMethod'),
        totalPricePaise: sql.placeholder('totalPricePaise'),
        totalDiscountPaise: sql.placeholder('totalDiscountPaise'),
        couponDiscountPaise: sql.placeholder('couponDiscountPaise'),
        taxPaise: sql.placeholder('taxPaise'),
        shippingPaise: sql.placeholder('shippingPaise'),
        finalPaise: sql.placeholder('finalPaise'),
        pricesIncludeGst: sql.placeholder('pricesIncludeGst'),
        couponId: sql.placeholder('couponId'),
        couponCode: sql.placeholder('couponCode'),
        couponTerms: sql.placeholder('couponTerms'),
        shippingAddress: sql.placeholder('shippingAddress'),
        // Null minutes (not a card order): no payment window.
        paymentDueAt: sql`now() + make_interval(mins => ${sql.placeholder('paymentWindowMinutes')})`,
        // Null hours (not cash on delivery): no confirmation asked.
        codConfirmBy: sql`now() + make_interval(hours => ${sql.placeholder('codConfirmHours')})`,
      })
      .returning()
      .getSQL(),
  };
}

/**
 * The order's items, one per cart line (the lines' values as arrays: one statement for a cart of any size), written
 * and read back in the item order of every order answer (the database's collation sorts the names).
 */
const insertItemsStatement = sql`
  with written as (
    insert into ${orderItems} (
      ${columnName(orderItems.orderId)}, ${columnName(orderItems.productId)}, ${columnName(orderItems.name)},
      ${columnName(orderItems.color)}, ${columnName(orderItems.image)}, ${columnName(orderItems.pricePaise)},
      ${columnName(orderItems.discountPaise)}, ${columnName(orderItems.qty)}, ${columnName(orderItems.gstPercent)},
      ${columnName(orderItems.couponSharePaise)}, ${columnName(orderItems.taxablePaise)}, ${columnName(orderItems.taxPaise)}
    )
    select ${sql.placeholder('orderId')}::uuid, line.* from unnest(
      ${sql.placeholder('ids')}::uuid[], ${sql.placeholder('names')}::text[], ${sql.placeholder('colors')}::text[],
      ${sql.placeholder('images')}::text[], ${sql.placeholder('prices')}::int[], ${sql.placeholder('discounts')}::int[],
      ${sql.placeholder('qtys')}::int[], ${sql.placeholder('gstPercents')}::int[], ${sql.placeholder('couponShares')}::int[],
      ${sql.placeholder('taxables')}::int[], ${sql.placeholder('taxes')}::int[]
    ) as line
    returning *
  )
  select * from written order by ${columnName(orderItems.name)}, ${columnName(orderItems.id)}`;

/**
 * The values of the lines' placeholders, shared by the items and the stock statements; each item keeps its line's GST
 * as sold (docs/decisions/042-gst-on-what-is-paid.md).
 */
function lineValues(lines: readonly Line[], sold: readonly SoldLine[]) {
  return {
    gstPercents: sold.map((l) => l.gstPercent),
    couponShares: sold.map((l) => l.couponSharePaise),
    taxables: sold.map((l) => l.taxablePaise),
    taxes: sold.map((l) => l.taxPaise),
    ids: lines.map((l) => l.row.product.id),
    names: lines.map((l) => l.row.product.name),
    colors: lines.map((l) => l.row.product.color),
    images: lines.map((l) => l.row.product.images[0]?.large ?? ''),
    prices: lines.map((l) => l.pricePaise),
    discounts: lines.map((l) => l.discountPaise),
    qtys: lines.map((l) => l.qty),
    stockDeltas: lines.map((l) => -l.qty),
    cartIds: lines.map((l) => l.cartId),
  };
}

/** The order and its items from the answers of the order's two statements. */
function writtenOrder([orderRows, itemRows]: readonly pg.QueryResultRow[][]): Pick<Placed, 'order' | 'items'> {
  return {
    order: tableRowOf(orders, orderRows[0]),
    items: itemRows.map((row) => tableRowOf(orderItems, row)),
  };
}

type CheckoutQueries = ReturnType<typeof prepareCheckoutQueries>;

/**
 * Serialises checkouts of one shopper (a double click places one order, and the card order limit holds), and in the
 * same round trip as the BEGIN reads the delivery address and the shopper's contact details the answer shows.
 */
const lockCheckoutStatement = sql`
  select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('lockKey')}, 0)) as locked,
    ${users.id} as owner_id, ${users.name} as owner_name, ${users.email} as owner_email, ${users.phone} as owner_phone,
    ${addresses.id} as address_id, ${addresses.name} as address_name, ${addresses.houseName} as house_name,
    ${addresses.street} as street, ${addresses.town} as town, ${addresses.state} as state,
    ${addresses.zipcode} as zipcode, ${addresses.country} as country, ${addresses.phone} as address_phone,
    ${addresses.gstin} as gstin, ${addresses.landmark} as landmark
  from ${users}
  left join ${addresses} on ${addresses.id} = ${sql.placeholder('addressId')}::uuid and ${addresses.userId} = ${users.id}
  where ${users.id} = ${sql.placeholder('userId')}::uuid`;

/**
 * The cart with its products in one read, under the checkout lock. The cart lines are locked (no change to them while
 * the order is made); the products are not: their stock is taken by one conditional update at the end, so a bag many
 * shoppers buy is locked only for the last moment of each checkout.
 */
const cartStatement = sql`
  select to_jsonb(${cartItems}) as line, ${productsWithRelationsSql.columns},
    ${hasCouponOnCart(cartItems.userId)} as has_coupon
  from ${productsWithRelationsSql.from}
  inner join ${cartItems} on ${cartItems.productId} = ${products.id}
  where ${cartItems.userId} = ${sql.placeholder('userId')}::uuid
  order by ${cartItems.createdAt}, ${cartItems.id}
  for update of ${cartItems}`;

/** The checkout lock with the address, then the cart: both sent with the BEGIN. */
const openCheckout = (userId: string, addressId: string): Opening => ({
  statements: [lockCheckoutStatement, cartStatement],
  values: { lockKey: `checkout:${userId}`, userId, addressId },
});

function checkoutOf([row]: readonly pg.QueryResultRow[]): Checkout {
  if (!row) throw notFound(ORDER_MSG.addressNotFound);
  const owner = { id: row.owner_id, name: row.owner_name, email: row.owner_email, phone: row.owner_phone };
  if (!row.address_id) return { owner, shippingAddress: null };
  const { house_name: houseName, landmark, street, town, state, zipcode, country, address_phone: phone, gstin } = row;
  return {
    owner,
    shippingAddress: {
      name: row.address_name,
      houseName,
      landmark,
      street,
      town,
      state,
      zipcode,
      country,
      phone,
      gstin,
    },
  };
}

function cartOf(rows: readonly pg.QueryResultRow[]): { lines: Line[]; hasCoupon: boolean } {
  if (rows.length === 0) throw validationError({ cart: ORDER_MSG.cartEmptyOrder });
  const now = new Date();
  const lines = rows.map((answered) => {
    const line = tableRowOf(cartItems, answered.line);
    const row = productWithRelationsOf(answered);
    const price = priceOf(row, now);
    return { cartId: line.id, qty: line.qty, row, pricePaise: price.pricePaise, discountPaise: price.discountPaise };
  });
  return { lines, hasCoupon: rows[0].has_coupon };
}

function checkLines(lines: readonly Line[]): void {
  for (const { row, qty } of lines) {
    const { name, quantity } = row.product;
    if (!isAvailable(row)) throw conflict(ORDER_MSG.unavailable(name));
    if (quantity <= 0) throw conflict(ORDER_MSG.outOfStock(name));
    if (qty > quantity) throw conflict(ORDER_MSG.onlyLeft(quantity, name));
    if (qty > MAX_UNITS_PER_LINE) throw conflict(ORDER_MSG.maxFivePerLine(name));
  }
}

/**
 * Takes the stock of every line in one statement, with the lines' ledger rows and any low-stock mail
 * (docs/decisions/049-stock-ledger.md), and empties the ordered cart lines with it. A line with fewer units left than
 * it asks for would leave a negative stock, which the products' check constraint refuses: the statement fails, and
 * with it the transaction, as it is sent together with the COMMIT (see `CommitWith`).
 */
const takeStockStatement = stockChangeStatement({
  ids: sql.placeholder('ids'),
  deltas: sql.placeholder('stockDeltas'),
  reason: 'sale',
  orderId: sql.placeholder('orderId'),
  actorId: sql.placeholder('userId'),
  note: sql`''`,
  alsoWith: sql`emptied as (
    delete from ${cartItems} where ${cartItems.id} = any(${sql.placeholder('cartIds')}::uuid[])
  )`,
});

const STOCK_CONSTRAINT = 'products_quantity_not_negative';

/**
 * The checkout's last statements, sent with its COMMIT: the order's rows when not yet written, the mail of a cash or
 * wallet order (a card order's mail waits for its payment: before that it has no invoice), then the stock. Answers the
 * rows of each statement, or null when a line found too few units.
 */
async function takeStockAndCommit(
  commitWith: CommitWith,
  first: readonly SQL[],
  values: Record<string, unknown>,
  order: Pick<OrderRow, 'id' | 'userId' | 'paymentMethod'>,
  signedLinks: SignedLinks,
): Promise<pg.QueryResultRow[][] | null> {
  const codConfirmToken = order.paymentMethod === 'cod' ? codConfirmTokenOf(signedLinks, order.id) : undefined;
  const mail =
    order.paymentMethod === 'razorpay'
      ? []
      : [
          enqueueMailStatement(`order-placed:${order.id}`, { userId: order.userId }, 'order-placed', {
            orderId: order.id,
            ...(codConfirmToken ? { codConfirmToken } : {}),
          }),
        ];
  try {
    return await commitWith([...first, ...mail, takeStockStatement], values);
  } catch (error) {
    if ((error as { constraint?: string }).constraint === STOCK_CONSTRAINT) return null;
    throw error;
  }
}

/**
 * Another checkout took the units since the cart was read, and this one was rolled back: the line that is short now,
 * named with the stock there is (the line that is shortest, should the stock have come back since).
 */
async function shortLineConflict(db: Db, lines: readonly Line[]): Promise<AppError> {
  const now = await db
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.row.product.id),
      ),
    );
  const left = new Map(now.map((row) => [row.id, row.quantity]));
  const margin = (l: Line) => (left.get(l.row.product.id) ?? 0) - l.qty;
  const short = lines.reduce((worst, l) => (margin(l) < margin(worst) ? l : worst));
  const units = left.get(short.row.product.id) ?? 0;
  const { name } = short.row.product;
  return conflict(units > 0 && units < short.qty ? ORDER_MSG.onlyLeft(units, name) : ORDER_MSG.outOfStock(name));
}

/**
 * Card orders of the shopper still waiting for payment (they hold stock and coupons). Counted under the shopper's
 * checkout lock, so parallel checkouts cannot both see room for one more.
 */
async function unpaidCardOrders(tx: Tx, userId: string): Promise<number> {
  const liveItem = tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), ne(orderItems.status, 'Cancelled')));
  const [{ n }] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'razorpay'),
        eq(orders.paymentStatus, 'Pending'),
        isNull(orders.expiredAt),
        exists(liveItem),
      ),
    );
  return n;
}

/**
 * Whether the shopper has `limit` cash-on-delivery orders with an item not yet shipped (they hold stock unpaid). Read
 * under the shopper's checkout lock, as the card orders are, and no further than the limit.
 */
async function hasOpenCodOrders(tx: Tx, userId: string, limit: number): Promise<boolean> {
  const pendingItem = tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.status, 'Pending')));
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentMethod, 'cod'), exists(pendingItem)))
    .limit(limit);
  return open.length >= limit;
}

interface Placed {
  order: OrderRow;
  items: OrderItemRow[];
  owner: Checkout['owner'];
}

type PlaceDeps = Pick<AppDeps, 'db' | 'realtime' | 'payments' | 'config' | 'signedLinks' | 'shipping' | 'metrics'>;

/** The order as committed, or the cart's lines when one of them lost its last units to another checkout. */
type Outcome = { placed: Placed } | { short: readonly Line[] };

/** Everything of placing an order that must happen together or not at all (docs/product.md §11.2). */
async function placeInTransaction(
  tx: Tx,
  queries: CheckoutQueries,
  { opened, send, commitWith }: TransactionEnds,
  { config, signedLinks }: Pick<PlaceDeps, 'config' | 'signedLinks'>,
  userId: string,
  input: PlaceOrderInput,
): Promise<Outcome> {
  const [checkoutRows, cartRows] = opened;
  const { shippingAddress, owner } = checkoutOf(checkoutRows);
  if (input.paymentMethod === 'razorpay' && (await unpaidCardOrders(tx, userId)) >= MAX_UNPAID_CARD_ORDERS) {
    throw conflict(ORDER_MSG.tooManyUnpaidCardOrders);
  }
  if (input.paymentMethod === 'cod' && (await hasOpenCodOrders(tx, userId, config.COD_OPEN_LIMIT))) {
    throw conflict(ORDER_MSG.tooManyOpenCodOrders(config.COD_OPEN_LIMIT));
  }
  if (input.paymentMethod === 'cod') await checkCodAllowed(tx, config.COD_RTO_LIMIT, userId);
  const { lines, hasCoupon } = cartOf(cartRows);
  checkLines(lines);
  if (!shippingAddress) throw notFound(ORDER_MSG.addressNotFound);
  const afterOffers = afterOffersOf(lines);
  // A coupon that stopped applying since it was put on the cart refuses the order with the reason.
  const coupon = hasCoupon ? await appliedCouponFor(tx, userId, afterOffers) : null;
  if (coupon?.problem) throw conflict(coupon.problem);
  const summary = cartSummary(lines, coupon?.terms, { pricesIncludeGst: config.PRICES_INCLUDE_GST });
  if (input.paymentMethod === 'cod' && summary.final > COD_LIMIT_PAISE) {
    throw validationError({ paymentMethod: ORDER_MSG.codLimit });
  }
  const order = { id: randomUUID(), userId, paymentMethod: input.paymentMethod };
  const values = {
    orderId: order.id,
    orderNumber: newOrderNumber(),
    userId,
    paymentMethod: input.paymentMethod,
    totalPricePaise: summary.totalPrice,
    totalDiscountPaise: summary.discount,
    couponDiscountPaise: summary.couponDiscount,
    taxPaise: summary.tax,
    shippingPaise: summary.shipping,
    finalPaise: summary.final,
    pricesIncludeGst: summary.pricesIncludeGst,
    couponId: coupon?.row.id ?? null,
    couponCode: coupon?.row.code ?? null,
    couponTerms: coupon ? couponTermsOf(coupon.row) : null,
    shippingAddress,
    paymentWindowMinutes: input.paymentMethod === 'razorpay' ? config.PAYMENT_WINDOW_MINUTES : null,
    codConfirmHours: input.paymentMethod === 'cod' ? config.COD_CONFIRM_HOURS : null,
    ...lineValues(lines, summary.lines),
  };
  const orderStatements = [queries.insertOrder, insertItemsStatement];
  // A coupon's redemption and a wallet payment name the order: its rows are written first. Otherwise they go with the
  // COMMIT, one message for the whole of the writing (docs/decisions/021-order-hot-path.md).
  let written: Pick<Placed, 'order' | 'items'> | null = null;
  if (coupon || input.paymentMethod === 'wallet') {
    written = writtenOrder(await send(orderStatements, values));
    if (coupon) await redeemCoupon(tx, { couponId: coupon.row.id, userId, orderId: order.id });
    if (input.paymentMethod === 'wallet') await payFromWallet(tx, written.order);
  }
  // Last, and sent with the commit: from the stock statement to the commit the bags' rows are locked, and every other
  // checkout of them waits (docs/decisions/021-order-hot-path.md).
  const answered = await takeStockAndCommit(commitWith, written ? [] : orderStatements, values, order, signedLinks);
  if (!answered) return { short: lines };
  return { placed: { ...(written ?? writtenOrder(answered)), owner } };
}

/** Pays the order from the shopper's wallet and invoices it, in the checkout's transaction. */
async function payFromWallet(tx: Tx, order: OrderRow): Promise<void> {
  await debit(tx, {
    userId: order.userId,
    amountPaise: order.finalPaise,
    type: 'Debited',
    description: `Payment for order ${order.orderNumber}`,
    orderId: order.id,
  });
  const paidAt = new Date();
  await markOrderPaid(tx, order.id, paidAt);
  order.invoiceNumber = await issueInvoice(tx, order.id, paidAt);
  order.invoicedAt = paidAt;
  await addPaidOrderToSales(tx, order.id);
  order.paymentStatus = 'Paid';
  order.paidAt = paidAt;
}

/** The order as written, in the shape every order answer has (nothing to read again). */
function answerOf({ order, items, owner }: Placed): OrderDto {
  return toOrderDto(order, items, owner);
}

/**
 * The courier check of the chosen address, before the transaction (it may ask the courier service, and no network
 * call holds row locks): a pincode no courier serves, or cash on delivery where it is not collected, is refused.
 */
async function checkDeliveryTo(deps: PlaceDeps, userId: string, input: PlaceOrderInput): Promise<void> {
  const [address] = await deps.db
    .select({ zipcode: addresses.zipcode })
    .from(addresses)
    .where(and(eq(addresses.id, input.addressId), eq(addresses.userId, userId)));
  if (address) await checkDelivery(deps, address.zipcode, input.paymentMethod);
}

/**
 * POST /api/orders: the order is placed in one transaction; a card order then gets its provider order (outside the
 * transaction: no network call holds row locks).
 */
export async function placeOrder(deps: PlaceDeps, userId: string, input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  // Refused before anything is taken: without a provider a card order could never be paid.
  if (input.paymentMethod === 'razorpay') {
    requireCardPayments(deps, { paymentMethod: SHOP_SETTINGS_MSG.cardPaymentsOff });
  }
  await checkDeliveryTo(deps, userId, input);
  const outcome = await transactionWithPrepared(
    deps.db,
    prepareCheckoutQueries,
    (tx, queries, ends) => placeInTransaction(tx, queries, ends, deps, userId, input),
    openCheckout(userId, input.addressId),
  );
  if ('short' in outcome) throw await shortLineConflict(deps.db, outcome.short);
  deps.metrics.orderPlaced();
  const { placed } = outcome;
  const { order } = placed;
  if (order.paymentStatus === 'Paid') deps.realtime.orderPaid(order.id);
  if (order.paymentMethod !== 'razorpay') return { order: answerOf(placed) };
  const payment = await createCheckoutPayment(deps, order);
  // Read again: the provider call took time, and the order is the provider's to change from now on.
  const dto = await loadOrderDto(deps.db, order.id);
  if (!dto) throw notFound(ORDER_MSG.orderNotFound);
  return { order: dto, payment };
}
