import type { Paise } from '@bagshop/shared/pricing/money';
import type { ShipmentStatus } from '@bagshop/shared/shipping';

/** What each kind of event mail carries in its outbox row; the rest is read when it is sent. */
export interface MailPayloads {
  /** `codConfirmToken`: a cash-on-delivery order's signed confirmation link (docs/decisions/036-cod-and-order-limits.md). */
  'order-placed': { orderId: string; codConfirmToken?: string };
  'payment-failed': { orderId: string };
  'item-shipped': { orderId: string; itemId: string };
  'item-delivered': { orderId: string; itemId: string };
  /** One mail per cancel event of an order, naming every item it cancelled; `refundedPaise` is their total refund. */
  'item-cancelled': { orderId: string; itemIds: string[]; reason: string; refundedPaise: Paise };
  'return-requested': { orderId: string; itemId: string; reason: string };
  'return-approved': { orderId: string; itemId: string; refundedPaise: Paise };
  'return-rejected': { orderId: string; itemId: string; reason: string };
  /** A parcel came back undelivered; `refundedPaise` is what a prepaid item's refund was (0 for cash on delivery). */
  'returned-to-seller': { orderId: string; itemId: string; refundedPaise: Paise };
  /** A parcel's journey moved on (picked up, in transit, out for delivery, returning to seller). */
  'shipment-update': {
    orderId: string;
    shipmentId: string;
    status: ShipmentStatus;
    courier: string;
    awb: string;
    trackingUrl: string | null;
    expectedDelivery: string | null;
  };
  'wallet-credited': { amountPaise: Paise; type: string; description: string };
  'password-changed': { at: string };
  'back-in-stock': { productId: string; productName: string };
  /** A product's stock fell to its low-stock threshold or under (docs/decisions/049-stock-ledger.md). */
  'low-stock': { productId: string; productName: string; stock: number; threshold: number };
  /** A problem the owner must hear about (docs/decisions/046-attention.md), as it was when it was found. */
  attention: { title: string; detail: string; advice: string; since: string };
}

export type MailKind = keyof MailPayloads;

export type QueuedMail = {
  [K in MailKind]: { kind: K; payload: MailPayloads[K] };
}[MailKind];
