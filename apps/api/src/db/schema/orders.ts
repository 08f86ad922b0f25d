import type { Color } from '@bagshop/shared/catalogue';
import {
  ITEM_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  type PaymentProviderName,
  type PaymentPurpose,
  type PaymentRecordStatus,
  type WalletTransactionType,
} from '@bagshop/shared/orders';
import { type Paise, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import type { OrderCouponTerms, RefundFigures } from '@bagshop/shared/pricing/refunds';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { users } from './users.ts';

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const itemStatus = pgEnum('item_status', ITEM_STATUSES);

/** `'a', 'b'`: the values of a text column's check constraint, from their one definition. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** The delivery address as it was when the order was placed. */
export interface AddressSnapshot {
  name: string;
  houseName: string;
  /** Orders placed before addresses had one carry none. */
  landmark?: string;
  street: string;
  town: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
  /** The buyer's GSTIN when the address is a registered business's: the order then gets a B2B tax invoice. */
  gstin?: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to people: 'ORD-' + 10 characters. */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
    /** Amounts in paise, computed by the server with the shared pricing module. */
    totalPricePaise: integer('total_price_paise').$type<Paise>().notNull(),
    totalDiscountPaise: integer('total_discount_paise').$type<Paise>().notNull(),
    couponDiscountPaise: integer('coupon_discount_paise').$type<Paise>().notNull().default(ZERO_PAISE),
    taxPaise: integer('tax_paise').$type<Paise>().notNull(),
    shippingPaise: integer('shipping_paise').$type<Paise>().notNull(),
    finalPaise: integer('final_paise').$type<Paise>().notNull(),
    /**
     * Whether the listed prices included GST when the order was placed (PRICES_INCLUDE_GST): the lines' tax is then
     * inside their amount and nothing was added for it (docs/decisions/042-gst-on-what-is-paid.md).
     */
    pricesIncludeGst: boolean('prices_include_gst').notNull().default(false),
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    /**
     * The coupon's terms when the order was placed: refunds compare what is left of the order with its minimum
     * (docs/decisions/035-refunds-keep-what-was-earned.md). Null without a coupon.
     */
    couponTerms: jsonb('coupon_terms').$type<OrderCouponTerms>(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Card orders: until when the order holds its stock and coupon unpaid (PAYMENT_WINDOW_MINUTES after placing). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** Set when an unpaid card order's stock and coupon were released. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * Cash-on-delivery orders: until when the shopper may confirm the order before it is cancelled
     * (COD_CONFIRM_HOURS after placing; docs/decisions/036-cod-and-order-limits.md). Null: no confirmation asked.
     */
    codConfirmBy: timestamp('cod_confirm_by', { withTimezone: true }),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** GST invoice number (INV/26-27/000001), given in the transaction that makes the order paid. */
    invoiceNumber: text('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    uniqueIndex('orders_invoice_number_idx').on(t.invoiceNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_invoiced_idx').on(t.invoicedAt).where(sql`${t.invoiceNumber} is not null`),
    index('orders_unconfirmed_cod_idx')
      .on(t.codConfirmBy)
      .where(sql`${t.codConfirmedAt} is null and ${t.expiredAt} is null`),
    index('orders_unpaid_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.paymentStatus} = 'Pending' and ${t.paymentMethod} = 'razorpay' and ${t.expiredAt} is null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    color: text('color').$type<Color>().notNull(),
    image: text('image').notNull(),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    /** Offer discount per unit. */
    discountPaise: integer('discount_paise').$type<Paise>().notNull(),
    qty: integer('qty').notNull(),
    status: itemStatus('status').notNull().default('Pending'),
    cancelReason: text('cancel_reason'),
    returnReason: text('return_reason'),
    returnRejectReason: text('return_reject_reason'),
    /**
     * The line's GST as sold (docs/decisions/042-gst-on-what-is-paid.md): its rate, its share of the coupon, the value
     * taxed and the tax. Null for items sold before the tax was taken on the discounted value; their figures are the
     * order's tax shared as it was then (`lineFiguresOf`).
     */
    gstPercent: integer('gst_percent').notNull().default(5),
    couponSharePaise: integer('coupon_share_paise').$type<Paise>(),
    taxablePaise: integer('taxable_paise').$type<Paise>(),
    taxPaise: integer('tax_paise').$type<Paise>(),
    refundedPaise: integer('refunded_paise').$type<Paise>().notNull().default(ZERO_PAISE),
    /** How the refund was made up (line, shipping, carried, kept back); null before refunds kept anything back. */
    refundFigures: jsonb('refund_figures').$type<RefundFigures>(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_qty_range', sql`${t.qty} between 1 and 5`)],
);

/** Provider orders (card payments for orders and wallet top-ups); verification checks them against this row. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').$type<Paise>().notNull(),
    /** PAYMENT_RECORD_STATUSES; changed only through their transition table. */
    status: text('status').$type<PaymentRecordStatus>().notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A capture the shop does not keep: the provider's refund id, once the provider has taken the refund. */
    refundId: text('refund_id'),
    /** When a process last asked the provider for the refund (so processes do not ask at the same time). */
    refundAttemptAt: timestamp('refund_attempt_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** How often the provider refused (or failed to take) the refund, since when, and its last answer. */
    refundRefusals: integer('refund_refusals').notNull().default(0),
    refundFirstRefusedAt: timestamp('refund_first_refused_at', { withTimezone: true }),
    refundLastError: text('refund_last_error'),
  },
  (t) => [
    uniqueIndex('payments_provider_order_idx').on(t.providerOrderId),
    uniqueIndex('payments_provider_payment_idx').on(t.providerPaymentId).where(sql`${t.providerPaymentId} is not null`),
    index('payments_order_idx').on(t.orderId),
    check('payments_purpose', sql`${t.purpose} in (${sqlList(PAYMENT_PURPOSES)})`),
    check('payments_status', sql`${t.status} in (${sqlList(PAYMENT_RECORD_STATUSES)})`),
    index('payments_refund_pending_idx').on(t.refundAttemptAt).where(sql`${t.status} = 'refund_pending'`),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balancePaise: integer('balance_paise').$type<Paise>().notNull().default(ZERO_PAISE),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balancePaise} >= 0`)],
);

/** Append-only ledger; a wallet's balance always equals the sum of its rows. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed: positive credits, negative debits. */
    amountPaise: integer('amount_paise').$type<Paise>().notNull(),
    type: text('type').$type<WalletTransactionType>().notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    orderItemId: uuid('order_item_id').references(() => orderItems.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt),
    index('wallet_transactions_created_idx').on(t.createdAt),
    uniqueIndex('wallet_transactions_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    uniqueIndex('wallet_transactions_item_refund_idx')
      .on(t.orderItemId, t.type)
      .where(sql`${t.orderItemId} is not null`),
  ],
);
