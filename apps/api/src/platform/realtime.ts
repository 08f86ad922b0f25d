import type { OrderStatusEvent } from '@bagshop/shared/live-events';

/** Live events to browsers: `orderStatusUpdated` goes to the admins' room and to the order owner's room only. */
export interface Realtime {
  orderStatusUpdated(event: OrderStatusEvent, ownerId: string): void;
  /** Any order paid (for the admin dashboard). */
  orderPaid(orderId: string): void;
  /** Closes the live connections of a user who was just blocked or deleted, on every shop process. */
  endConnections(userId: string): void;
}
