import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import type { OrderItemDto } from '@bagshop/shared/order-types';
import {
  canMoveItem,
  type ItemStatus,
  type OrderStatus,
  type PaymentStatus,
  RETURN_WINDOW_DAYS,
} from '@bagshop/shared/orders';
import { type Paise, subtractPaise, timesQuantity, toPaise } from '@bagshop/shared/pricing/money';

const DAY_MS = 86_400_000;

export { PAYMENT_METHOD_LABELS } from '@bagshop/shared/orders';

/** Bootstrap colours of the item status badges. */
export const ITEM_STATUS_VARIANTS: Record<ItemStatus, string> = {
  Pending: 'warning',
  Shipped: 'info',
  Delivered: 'success',
  Cancelled: 'secondary',
  'Return requested': 'primary',
  Returned: 'dark',
  'Returned to seller': 'danger',
};

export const ORDER_STATUS_VARIANTS: Record<OrderStatus, string> = {
  Pending: 'warning',
  Processing: 'info',
  Completed: 'success',
  Cancelled: 'secondary',
};

/** docs/product.md §2: green when paid, a warning while not; a refunded payment is neither. */
export const PAYMENT_STATUS_VARIANTS: Record<PaymentStatus, string> = {
  Pending: 'warning',
  Paid: 'success',
  Failed: 'warning',
  Refunded: 'info',
};

/** The customer may cancel an item that has not moved yet. */
export function canCancelItem(item: Pick<OrderItemDto, 'status'>): boolean {
  return canMoveItem(item.status, 'Cancelled', 'customer');
}

/** A return may be asked for a delivered item within 7 days of delivery. */
export function canRequestReturn(item: Pick<OrderItemDto, 'status' | 'deliveredAt'>, now = Date.now()): boolean {
  if (!canMoveItem(item.status, 'Return requested', 'customer') || !item.deliveredAt) return false;
  const delivered = Date.parse(item.deliveredAt);
  return Number.isFinite(delivered) && now - delivered <= RETURN_WINDOW_DAYS * DAY_MS;
}

/** Unit price after the offer, in paise. */
export function unitFinalPaise(item: Pick<OrderItemDto, 'product' | 'discount'>): Paise {
  return subtractPaise(toPaise(item.product.price), toPaise(item.discount));
}

/** What the line costs after the offer, in paise. */
export function lineTotalPaise(item: Pick<OrderItemDto, 'product' | 'discount' | 'qty'>): Paise {
  return timesQuantity(unitFinalPaise(item), item.qty);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** 05 Jan 2025 */
export function orderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}

/** 05 Jan 2025, 10:30 am */
export function orderDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateTimeFormat.format(time) : '';
}
