import type { ShipmentStatus } from './shipping.ts';

/** Texts of delivery estimates, shipments, tracking and the cash-on-delivery guard (docs/decisions/039-shipping.md). */
export const SHIPPING_MSG = {
  pincodeInvalid: 'Please enter a valid 6-digit pincode',
  notServiceable: (pincode: string) => `Sorry, we cannot deliver to ${pincode} yet. Please choose another address.`,
  codNotAvailable: (pincode: string) =>
    `Cash on Delivery is not available for ${pincode}. Please pay by card, UPI or wallet.`,
  codRtoLimit:
    'Cash on Delivery is not available on your account because earlier cash-on-delivery parcels came back to us undelivered. Please pay by card, UPI or wallet.',
  estimateUnavailable: 'Delivery dates are not available right now. Please try again in a moment.',
  codAvailable: 'Cash on delivery available',
  codUnavailable: 'Cash on delivery not available',
  courierRequired: 'Please enter the courier’s name',
  courierMax: 'A courier’s name can be at most 60 characters long',
  awbRequired: 'Please enter the tracking number (AWB)',
  awbInvalid: 'A tracking number (AWB) has 4 to 40 letters, digits or dashes',
  awbTaken: 'Another parcel already has this tracking number (AWB). Please check it.',
  shipItemsInvalid: 'Please choose items of this order',
  nothingToShip: 'This order has no items waiting to be shipped',
  itemNotPending: 'Only items waiting to be shipped can be booked',
  awaitsCodConfirmation:
    'This cash-on-delivery order waits for the shopper’s confirmation. It can be shipped once they confirm it.',
  awaitsPayment: 'This order is not paid yet. It can be shipped once the payment arrives.',
  shipmentBooked: 'Shipment booked',
  shipmentNotFound: 'Shipment not found',
  shipmentCancelled: 'Shipment cancelled',
  cannotCancelShipment: 'Only a shipment that has not been picked up yet can be cancelled',
  courierUnavailable: 'The courier service could not be reached. Nothing was booked twice; please try again.',
  courierRefused: (reason: string) => `The courier service refused the booking: ${reason}`,
  noLabel: 'This shipment has no label: it was booked at the courier’s counter',
  labelsRequired: 'Please choose shipments to print labels for',
  trackOrderInvalid: 'Please enter your order number, e.g. ORD-7K2M9Q4X1B',
  trackContactRequired: 'Please enter the email or phone number the order was placed with',
  noShipmentsYet: 'This order has not been shipped yet. We will mail you when it is on its way.',
} as const;

/** How each shipment status is named to people (order page, admin desk, /track, mails). */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  booked: 'Booked',
  'picked-up': 'Picked up',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  'rto-initiated': 'Returning to seller',
  'returned-to-seller': 'Returned to seller',
  cancelled: 'Cancelled',
};

/** "Delivery to 560001 by Thu, 4 Dec · Cash on delivery available" (dates are India dates, YYYY-MM-DD). */
export function estimateText(estimate: { pincode: string; latest: string | null; codAvailable: boolean }): string {
  if (!estimate.latest) return SHIPPING_MSG.notServiceable(estimate.pincode);
  const day = new Date(`${estimate.latest}T12:00:00+05:30`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  });
  const cod = estimate.codAvailable ? SHIPPING_MSG.codAvailable : SHIPPING_MSG.codUnavailable;
  return `Delivery to ${estimate.pincode} by ${day} · ${cod}`;
}

const EVENT_TEXT: Record<string, string> = {
  booked: 'Booked',
  'picked-up': 'Picked up',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  'rto-initiated': 'Returning to seller',
  'rto-delivered': 'Returned to seller',
  cancelled: 'Cancelled',
};

/** A timeline entry as people read it: our words for the steps we know, the courier's own for any other scan. */
export function shipmentEventText(kind: string, label: string): string {
  return EVENT_TEXT[kind] ?? label;
}
