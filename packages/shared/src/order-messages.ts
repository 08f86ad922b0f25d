import { MAX_UNPAID_CARD_ORDERS } from './orders.ts';
import { FREE_SHIPPING_FROM_PAISE } from './pricing/cart.ts';
import { formatINR, type Paise } from './pricing/money.ts';
import type { OrderCouponTerms, RefundFigures } from './pricing/refunds.ts';

/** Texts of checkout, orders and order payments (docs/product.md §8.5), shared by client and server. */
export const ORDER_MSG = {
  cartEmptyOrder: 'Your cart is empty. Please add items before placing an order.',
  orderPlaced: 'Order Placed successfully',
  orderNotFound: 'Order not found',
  itemNotFound: 'Order item not found',
  addressNotFound: 'Address not found',
  addressRequired: 'Please choose a delivery address',
  paymentMethodRequired: 'Please choose a payment method',
  codLimit: 'Cash on Delivery is available only up to ₹1,000',
  insufficientWallet: 'Insufficient wallet balance',
  outOfStock: (name: string) => `Product is out of stock: ${name}`,
  onlyLeft: (left: number, name: string) => `Only ${left} left of ${name}`,
  maxFivePerLine: (name: string) => `You can only add up to 5 units of ${name}`,
  unavailable: (name: string) => `This product is currently unavailable: ${name}`,
  cancelReasonRequired: 'Please tell us why you are cancelling',
  cancelReasonMax: 'A reason can be at most 200 characters long',
  returnReasonRequired: 'Please tell us why you are returning this item',
  returnReasonMax: 'A reason can be at most 200 characters long',
  itemCancelled: 'Item cancelled',
  returnRequested: 'Return request sent',
  cannotMove: (from: string, to: string) => `An item that is ${from} cannot be moved to ${to}`,
  returnWindowOver: 'The return window of 7 days after delivery is over',
  rejectReasonRequired: 'Please give a reason for rejecting the return',
  verificationFailed: 'Payment Failed – Verification failed.',
  paymentSuccessful: 'Payment Successful',
  retryNotAllowed: 'This order cannot be paid again',
  retryFailed: 'Payment Error – Failed to create retry payment order.',
  orderExpired: 'This order has expired and its items were released',
  tooManyUnpaidCardOrders: `You already have ${MAX_UNPAID_CARD_ORDERS} orders waiting for card payment. Pay for one of them or cancel it, or choose another payment method.`,
  paymentNotReceived: (window: string) => `Payment not received within ${window}`,
  latePaymentRefunded:
    'This order was cancelled before your payment arrived. Your payment will be refunded to your card.',
  secondPaymentRefunded: 'This order is already paid. This second payment will be refunded to your card.',
  tooManyOpenCodOrders: (limit: number) =>
    `You already have ${limit} cash-on-delivery ${limit === 1 ? 'order' : 'orders'} that have not shipped yet. Wait for one to ship or cancel it, or pay by card or wallet.`,
  codConfirmed: 'Thank you: your cash-on-delivery order is confirmed',
  codNotConfirmed: (hours: number) => `Cash-on-delivery order not confirmed within ${hours} hours`,
  codConfirmTooLate: 'This order can no longer be confirmed: it was cancelled',
  codConfirmNotNeeded: 'This order needs no confirmation',
  codConfirmLinkInvalid: 'This confirmation link is not valid. Open the order from My Orders to confirm it.',
  codConfirmPlease: (deadline: string) =>
    `Please confirm your cash-on-delivery order by ${deadline} (India time), or it will be cancelled.`,
  /** Why a refund keeps back the coupon's benefit on the items still live (docs/decisions/035-refunds-keep-what-was-earned.md). */
  keptBackCoupon: (code: string, minPaise: Paise, keptPaise: Paise) =>
    `Coupon ${code} needs items worth ${formatINR(minPaise)}. The items you keep come to less, so its ${formatINR(keptPaise)} off them is kept back from this refund.`,
  keptBackShipping: (keptPaise: Paise) =>
    `The items you keep come to less than ${formatINR(FREE_SHIPPING_FROM_PAISE)}, the amount that ships free, so the ${formatINR(keptPaise)} shipping fee is kept back from this refund.`,
  refundWouldBe: (amountPaise: Paise) =>
    amountPaise > 0 ? `${formatINR(amountPaise)} will be refunded to your wallet.` : 'Nothing will be refunded.',
} as const;

/** The reasons a refund kept something back, in the words the shopper reads on the order, the mail and the credit note. */
export function refundNotes(
  order: { couponCode: string | null; couponTerms: OrderCouponTerms | null },
  figures: Pick<RefundFigures, 'keptBack'> | null,
): string[] {
  if (!figures) return [];
  const notes: string[] = [];
  const { couponPaise, shippingPaise } = figures.keptBack;
  if (couponPaise > 0 && order.couponTerms) {
    notes.push(ORDER_MSG.keptBackCoupon(order.couponCode ?? '', order.couponTerms.minAmountPaise, couponPaise));
  }
  if (shippingPaise > 0) notes.push(ORDER_MSG.keptBackShipping(shippingPaise));
  return notes;
}
