import { asPaise } from './pricing/money.ts';

/** Order and payment states (docs/product.md §4, §11). */
export const ITEM_STATUSES = [
  'Pending',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Return requested',
  'Returned',
  'Returned to seller',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * 'system' is the shop itself: the scheduled jobs that cancel orders left unpaid or unconfirmed. 'courier' is the
 * parcel's journey: a booking with an AWB ships items, its cancellation before pickup unships them, and the courier's
 * tracking delivers them or brings them back (docs/decisions/039-shipping.md).
 */
export const ITEM_ACTORS = ['admin', 'customer', 'system', 'courier'] as const;
export type ItemActor = (typeof ITEM_ACTORS)[number];

/**
 * The only allowed item status changes and who may make them. 'Return requested' → 'Delivered' is the admin
 * rejecting a return (with a reason); anything not listed is a 409. Items are shipped only by booking a shipment
 * with an AWB; the admin marks a parcel delivered or returned to seller by hand when no courier tracking does.
 */
export const ITEM_TRANSITIONS: ReadonlyArray<{ from: ItemStatus; to: ItemStatus; by: ItemActor }> = [
  { from: 'Pending', to: 'Shipped', by: 'courier' },
  { from: 'Shipped', to: 'Pending', by: 'courier' },
  { from: 'Shipped', to: 'Delivered', by: 'courier' },
  { from: 'Shipped', to: 'Returned to seller', by: 'courier' },
  { from: 'Shipped', to: 'Delivered', by: 'admin' },
  { from: 'Shipped', to: 'Returned to seller', by: 'admin' },
  { from: 'Pending', to: 'Cancelled', by: 'customer' },
  { from: 'Pending', to: 'Cancelled', by: 'system' },
  { from: 'Delivered', to: 'Return requested', by: 'customer' },
  { from: 'Return requested', to: 'Returned', by: 'admin' },
  { from: 'Return requested', to: 'Delivered', by: 'admin' },
];

export function canMoveItem(from: ItemStatus, to: ItemStatus, by: ItemActor): boolean {
  return ITEM_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** Paid money goes back: a paid order, or a cash-on-delivery item that was delivered (paid in cash) and returned. */
export function isPaidFor(
  order: { paymentStatus: PaymentStatus; paymentMethod: PaymentMethod },
  to: ItemStatus,
): boolean {
  return order.paymentStatus === 'Paid' || (order.paymentMethod === 'cod' && to === 'Returned');
}

/** The next states an actor may choose for an item in `from`. */
export function nextItemStatuses(from: ItemStatus, by: ItemActor): ItemStatus[] {
  return ITEM_TRANSITIONS.filter((t) => t.from === from && t.by === by).map((t) => t.to);
}

/** Read-only for the admin desk (docs/product.md §4). */
export const TERMINAL_ITEM_STATUSES: ReadonlySet<ItemStatus> = new Set([
  'Cancelled',
  'Returned',
  'Delivered',
  'Returned to seller',
]);

/**
 * Items a cash-on-delivery shopper never pays for: cancelled before delivery, or refused at the door and returned to
 * seller. For a prepaid order they were paid and are refunded.
 */
export const NEVER_PAID_COD: ReadonlySet<ItemStatus> = new Set(['Cancelled', 'Returned to seller']);

/** Items that left the order without staying with the shopper: their stock is back on the shelf. */
export const GONE_ITEM_STATUSES: ReadonlySet<ItemStatus> = new Set(['Cancelled', 'Returned', 'Returned to seller']);

/** A return may be requested within this many days of delivery. */
export const RETURN_WINDOW_DAYS = 7;
/** How long an unpaid card order holds its stock and coupon unless PAYMENT_WINDOW_MINUTES says otherwise. */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;
/** Card orders waiting for payment that one shopper may have at once. */
export const MAX_UNPAID_CARD_ORDERS = 3;
/**
 * Cash-on-delivery orders of one shopper that have not shipped yet (`COD_OPEN_LIMIT`): they hold stock without any
 * payment, so a few at a time (docs/decisions/036-cod-and-order-limits.md).
 */
export const DEFAULT_COD_OPEN_LIMIT = 3;
/** Hours a shopper has to confirm a cash-on-delivery order before the shop cancels it (`COD_CONFIRM_HOURS`). */
export const DEFAULT_COD_CONFIRM_HOURS = 24;
/** Orders one account may place in ten minutes (`ORDER_RATE_LIMIT`). */
export const DEFAULT_ORDER_RATE_LIMIT = 10;

/** A payment window in words: '30 minutes', '1 hour', '24 hours', '90 minutes'. */
export function paymentWindowText(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return minutes % 60 === 0 ? plural(minutes / 60, 'hour') : plural(minutes, 'minute');
}
/** Cash on delivery only up to this final amount (paise). */
export const COD_LIMIT_PAISE = asPaise(100_000);

export const PAYMENT_METHODS = ['razorpay', 'wallet', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How each payment method is named to people (screens and exports). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  razorpay: 'Razorpay',
  wallet: 'Wallet',
  cod: 'Cash on Delivery',
};

/** Who takes card payments: Razorpay, or the shop's own sandbox (no real money). */
export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the sandbox's checkout dialog can answer. */
export const SANDBOX_OUTCOMES = ['success', 'failure'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** What a provider order pays for: an order's card payment or a wallet top-up. */
export const PAYMENT_PURPOSES = ['order', 'wallet'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** An order's payment status; its moves are the payments module's transition table. */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** States of one provider order (a card payment of an order or a wallet top-up); their moves are the payments module's. */
export const PAYMENT_RECORD_STATUSES = ['created', 'paid', 'failed', 'refund_pending', 'refunded'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export const ORDER_STATUSES = ['Pending', 'Processing', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The order's overall status from its items: Completed when every item is Delivered, Returned, Returned to seller or
 * Cancelled with at least one delivered or returned; Cancelled when every item is cancelled or came back undelivered;
 * Pending while nothing has moved;
 * Processing otherwise.
 */
export function orderStatusOf(items: ReadonlyArray<{ status: ItemStatus }>): OrderStatus {
  if (items.length === 0) return 'Pending';
  if (items.every((i) => i.status === 'Cancelled' || i.status === 'Returned to seller')) return 'Cancelled';
  const settled = items.every((i) => TERMINAL_ITEM_STATUSES.has(i.status));
  if (settled && items.some((i) => i.status === 'Delivered' || i.status === 'Returned')) return 'Completed';
  if (items.every((i) => i.status === 'Pending' || i.status === 'Cancelled')) return 'Pending';
  return 'Processing';
}

export const WALLET_TRANSACTION_TYPES = [
  'Wallet Recharge',
  'Debited',
  'Order Cancelled',
  'Order Returned',
  'Referral Bonus',
  'Credit',
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** Which way a wallet movement went, as the shopper's wallet screen shows it. */
export const WALLET_ENTRY_DIRECTIONS = ['Credit', 'Debit'] as const;
export type WalletEntryDirection = (typeof WALLET_ENTRY_DIRECTIONS)[number];

/** How many items of an order have each status, in the order the statuses first appear. */
export function statusCounts<S extends string>(statuses: readonly S[]): { status: S; count: number }[] {
  const counts = new Map<S, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => ({ status, count }));
}
