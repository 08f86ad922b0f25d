import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { canMoveItem, type ItemStatus, nextItemStatuses, TERMINAL_ITEM_STATUSES } from '@bagshop/shared/orders';
import { errorMessage, errorStatus } from '../../api/errors.ts';

/** What the admin desk offers for an item in `status` (docs/product.md §4 Order item status values). */
export type ItemControl =
  | { kind: 'read-only' }
  | { kind: 'ship' }
  | { kind: 'select'; options: ItemStatus[] }
  | { kind: 'return-decision' };

export function itemControl(status: ItemStatus): ItemControl {
  if (TERMINAL_ITEM_STATUSES.has(status)) return { kind: 'read-only' };
  if (status === 'Return requested') return { kind: 'return-decision' };
  // Items leave Pending only in a booked parcel: the order's Ship action, not a status of its own.
  if (canMoveItem(status, 'Shipped', 'courier')) return { kind: 'ship' };
  const options = nextItemStatuses(status, 'admin');
  return options.length > 0 ? { kind: 'select', options } : { kind: 'read-only' };
}

/**
 * docs/product.md §8: 404 → 'Error: Order not found'; otherwise the status and message, or 'An unknown error occurred'.
 */
export function adminOrderError(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return ORDER_SCREEN_MSG.adminOrderNotFound;
  const message = errorMessage(error, '');
  if (typeof status === 'number' && message) return `${status} ${message}`;
  return ORDER_SCREEN_MSG.unknownError;
}
