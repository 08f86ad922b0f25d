import { z } from 'zod';
import { ORDER_MSG as M } from '../order-messages.ts';
import { PAYMENT_METHODS } from '../orders.ts';
import { requiredText } from './fields.ts';

const id = z.uuid({ error: M.orderNotFound });
const itemId = z.uuid({ error: M.itemNotFound });
export const ORDER_REASON_MAX = 200;

/** Checkout: amounts are never taken from the client. */
export const placeOrderSchema = z.strictObject({
  addressId: z.uuid({ error: M.addressRequired }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: M.paymentMethodRequired }),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const cancelItemSchema = z.strictObject({
  orderId: id,
  item: itemId,
  cancelReason: requiredText(M.cancelReasonRequired).max(ORDER_REASON_MAX, { error: M.cancelReasonMax }),
});
export type CancelItemInput = z.infer<typeof cancelItemSchema>;

export const returnRequestSchema = z.strictObject({
  orderId: id,
  item: itemId,
  returnReason: requiredText(M.returnReasonRequired).max(ORDER_REASON_MAX, { error: M.returnReasonMax }),
});
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

const signed = (error: string) => z.string({ error }).trim().min(1, { error }).max(200, { error });

/** The provider checkout's signed result for an order. */
export const verifyPaymentSchema = z.strictObject({
  orderId: id,
  razorpay_order_id: signed(M.verificationFailed),
  razorpay_payment_id: signed(M.verificationFailed),
  razorpay_signature: signed(M.verificationFailed),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

export const retryPaymentSchema = z.strictObject({ orderId: id });
