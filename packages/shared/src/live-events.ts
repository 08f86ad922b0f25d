import type { ItemStatus } from './orders.ts';

/** Live events the shop's server sends to browsers over the realtime connection. */

/** 'orderStatusUpdated': an order item changed status. */
export interface OrderStatusEvent {
  orderId: string;
  itemId: string;
  status: ItemStatus;
}

/** 'orderPaid': an order was paid (administrators only). */
export interface OrderPaidEvent {
  orderId: string;
}
