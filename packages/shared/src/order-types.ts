import type { z } from 'zod';
import type {
  checkoutPaymentAnswer,
  codLinkConfirmedAnswer,
  itemMovedAnswer,
  orderAddressAnswer,
  orderAnswer,
  orderItemAnswer,
  orderOnlyAnswer,
  ordersAnswer,
  placeOrderAnswer,
  retryPaymentAnswer,
  verifyPaymentAnswer,
} from './schemas/orders.ts';

/** Shapes of the orders API (docs/product.md §3 Order, Order item; §7 Orders, Payments), from its response schemas. */
export type OrderAddressDto = z.infer<typeof orderAddressAnswer>;
export type OrderItemDto = z.infer<typeof orderItemAnswer>;
export type OrderDto = z.infer<typeof orderAnswer>;
/** What the browser's checkout needs to pay a card order; amount in paise as the provider expects. */
export type CheckoutPaymentDto = z.infer<typeof checkoutPaymentAnswer>;
export type PlaceOrderResponse = z.infer<typeof placeOrderAnswer>;
export type OrdersResponse = z.infer<typeof ordersAnswer>;
export type OrderResponse = z.infer<typeof orderOnlyAnswer>;
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentAnswer>;
export type RetryPaymentResponse = z.infer<typeof retryPaymentAnswer>;
export type ItemMovedResponse = z.infer<typeof itemMovedAnswer>;
export type CodLinkConfirmedResponse = z.infer<typeof codLinkConfirmedAnswer>;
