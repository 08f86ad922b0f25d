import { z } from 'zod';
import { ORDER_MSG as M } from '../order-messages.ts';
import { ITEM_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../orders.ts';
import { rupeeAmount, timestamp } from './answers.ts';
import { requiredText } from './fields.ts';
import { exampleShipment, shipmentAnswer } from './shipping.ts';

const id = z.uuid({ error: M.orderNotFound });
const itemId = z.uuid({ error: M.itemNotFound });
export const ORDER_REASON_MAX = 200;

/** Checkout: amounts are never taken from the client. */
export const placeOrderSchema = z
  .strictObject({
    addressId: z.uuid({ error: M.addressRequired }),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: M.paymentMethodRequired }),
  })
  .meta({ examples: [{ addressId: '2f4e6a8c-1b3d-4f5a-9c7e-0d2b4f6a8c1e', paymentMethod: 'razorpay' }] });
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** The shopper confirms a cash-on-delivery order from the order page. */
export const confirmCodSchema = z
  .strictObject({ orderId: id })
  .meta({ examples: [{ orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e' }] });

/** The link in the order mail: a token the shop signed for this order, no sign-in needed. */
export const confirmCodLinkSchema = z
  .strictObject({
    token: z.string().min(1, { error: M.codConfirmLinkInvalid }).max(200, { error: M.codConfirmLinkInvalid }),
  })
  .meta({ examples: [{ token: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e.Wq3kP0v9yX2bN5mR8tH1cL4fJ7dS6aZe' }] });

export const cancelItemSchema = z
  .strictObject({
    orderId: id,
    item: itemId,
    cancelReason: requiredText(M.cancelReasonRequired).max(ORDER_REASON_MAX, { error: M.cancelReasonMax }),
  })
  .meta({
    examples: [
      {
        orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
        item: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        cancelReason: 'Ordered the wrong colour',
      },
    ],
  });
export type CancelItemInput = z.infer<typeof cancelItemSchema>;

export const returnRequestSchema = z
  .strictObject({
    orderId: id,
    item: itemId,
    returnReason: requiredText(M.returnReasonRequired).max(ORDER_REASON_MAX, { error: M.returnReasonMax }),
  })
  .meta({
    examples: [
      {
        orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
        item: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        returnReason: 'The zip broke on the first day',
      },
    ],
  });
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

const signed = (error: string) => z.string({ error }).trim().min(1, { error }).max(200, { error });

/** The provider checkout's signed result for an order. */
export const verifyPaymentSchema = z
  .strictObject({
    orderId: id,
    razorpay_order_id: signed(M.verificationFailed),
    razorpay_payment_id: signed(M.verificationFailed),
    razorpay_signature: signed(M.verificationFailed),
  })
  .meta({
    examples: [
      {
        orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
        razorpay_order_id: 'order_NkX2pQ7rT9sV1w',
        razorpay_payment_id: 'pay_NkX3aB4cD5eF6g',
        razorpay_signature: '9c1b5e0f7a3d2c4b6e8f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d',
      },
    ],
  });
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

export const retryPaymentSchema = z
  .strictObject({ orderId: id })
  .meta({ examples: [{ orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e' }] });
export type RetryPaymentInput = z.infer<typeof retryPaymentSchema>;

/** The shopper's order list: `searchTerm` matches the order number or an item's name. */
export const myOrdersQuerySchema = z.strictObject({ searchTerm: z.string().max(100).optional() });

// What the orders API answers (docs/product.md §3 Order, Order item; §7 Orders, Payments). Money in rupees.

const exampleAddress = {
  name: 'Asha Rao',
  houseName: 'Flat 4B, Lakeview Apartments',
  landmark: 'Opposite Canara Bank',
  street: '12th Main Road, Indiranagar',
  town: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560038',
  country: 'India',
  phone: '+919876543210',
  gstin: null,
};

export const orderAddressAnswer = z.object({
  name: z.string(),
  houseName: z.string(),
  /** '' when the address had none. */
  landmark: z.string(),
  street: z.string(),
  town: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
  /** The buyer's GSTIN as it was on the address when the order was placed (a B2B invoice), or null. */
  gstin: z.string().nullable(),
});

export const orderItemAnswer = z.object({
  _id: z.string(),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    color: z.string(),
    /** Unit price before the offer. */
    price: rupeeAmount,
    pdImage: z.array(z.string()),
  }),
  qty: z.int().positive(),
  /** Offer discount per unit. */
  discount: rupeeAmount,
  /**
   * The line's GST as sold (docs/decisions/042-gst-on-what-is-paid.md): its rate in percent, its share of the
   * coupon, the value taxed and the tax; taxable + tax is what was paid for the line.
   */
  gst: z.object({ rate: z.int(), couponShare: rupeeAmount, taxable: rupeeAmount, tax: rupeeAmount }),
  status: z.enum(ITEM_STATUSES),
  cancelReason: z.string().nullable(),
  returnReason: z.string().nullable(),
  returnRejectReason: z.string().nullable(),
  /** Amount refunded to the wallet for this item. */
  refunded: rupeeAmount,
  /** Why its refund kept something back (the coupon's benefit, the shipping fee); empty when nothing was. */
  refundNotes: z.array(z.string()),
  /**
   * What cancelling or returning the item would refund now, with the reasons for anything kept back; null when it
   * would refund nothing because nothing was paid, or when it can no longer leave the order.
   */
  refundPreview: z.object({ amount: rupeeAmount, notes: z.array(z.string()) }).nullable(),
  deliveredAt: timestamp.nullable(),
});

/** A realistic order for the examples of the answers that hold one. */
export const exampleOrder = {
  _id: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
  orderId: 'ORD-7K2M9Q4X1B',
  createdAt: '2026-11-24T09:30:00.000Z',
  userId: {
    _id: '0b8e6f3a-2c1d-4e5f-9a8b-7c6d5e4f3a2b',
    name: 'Asha Rao',
    email: 'asha.rao@example.in',
    phone: '+919876543210',
  },
  shippingPrice: 0,
  paymentMethod: 'razorpay',
  paymentStatus: 'Paid',
  couponDiscount: 100,
  totalDiscount: 240,
  tax: 102.95,
  totalPrice: 2399,
  finalAmount: 2161.95,
  pricesIncludeGst: false,
  shippingAddress: exampleAddress,
  status: 'Processing',
  items: [
    {
      _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      product: {
        _id: '3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9',
        name: 'Leather Sling',
        color: 'Tan',
        price: 2399,
        pdImage: ['/uploads/products/leather-sling-1.webp'],
      },
      qty: 1,
      discount: 240,
      gst: { rate: 5, couponShare: 100, taxable: 2059, tax: 102.95 },
      status: 'Shipped',
      cancelReason: null,
      returnReason: null,
      returnRejectReason: null,
      refunded: 0,
      refundNotes: [],
      refundPreview: null,
      deliveredAt: null,
    },
  ],
  canRetryPayment: false,
  expiresAt: null,
  cardRefund: null,
  invoiceNumber: 'INV/26-27/000042',
  creditNotes: [],
  codConfirmation: null,
  shipments: [exampleShipment],
} as const;

/** An order as the shopper and the administrator see it. */
export const orderAnswer = z
  .object({
    _id: z.string(),
    /** The number shown to people: 'ORD-' + 10 characters. */
    orderId: z.string(),
    createdAt: timestamp,
    userId: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
    shippingPrice: rupeeAmount,
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    couponDiscount: rupeeAmount,
    /** Offer discounts over all lines. */
    totalDiscount: rupeeAmount,
    tax: rupeeAmount,
    /** Σ price × qty before discounts. */
    totalPrice: rupeeAmount,
    /** What the customer pays: total − discount − coupon + tax + shipping (no tax added when prices include GST). */
    finalAmount: rupeeAmount,
    /** Whether the prices included GST when the order was placed: `tax` is then inside `finalAmount`. */
    pricesIncludeGst: z.boolean(),
    shippingAddress: orderAddressAnswer,
    status: z.enum(ORDER_STATUSES),
    items: z.array(orderItemAnswer),
    /** A pending, unexpired card order whose payment may be retried. */
    canRetryPayment: z.boolean(),
    /** When an unpaid card order releases its stock, else null. */
    expiresAt: timestamp.nullable(),
    /**
     * Card payments handed back through the provider because they arrived after the order was cancelled or expired,
     * or paid it a second time: their sum in rupees and whether a refund is still on its way. Null when none.
     */
    cardRefund: z.object({ amount: rupeeAmount, pending: z.boolean() }).nullable(),
    /** GST invoice number (INV/26-27/000001) once the order is paid, else null. */
    invoiceNumber: z.string().nullable(),
    /** One per refunded item of the invoiced order, oldest first. */
    creditNotes: z.array(
      z.object({ _id: z.string(), number: z.string(), itemId: z.string(), amount: rupeeAmount, issuedAt: timestamp }),
    ),
    /**
     * A cash-on-delivery order waits for the shopper's confirmation until `deadline`, then is cancelled; null for
     * other orders (and COD orders placed before confirmations were asked for).
     */
    codConfirmation: z
      .object({ required: z.boolean(), confirmedAt: timestamp.nullable(), deadline: timestamp })
      .nullable(),
    /** The order's parcels, oldest first, cancelled bookings left out. */
    shipments: z.array(shipmentAnswer),
  })
  .meta({ id: 'Order', examples: [exampleOrder] });

/** A cash-on-delivery order confirmed through the mail's link: the message and the order's number. */
export const codLinkConfirmedAnswer = z
  .object({ message: z.string(), orderId: z.string() })
  .meta({ examples: [{ message: M.codConfirmed, orderId: 'ORD-7K2M9Q4X1B' }] });

const exampleCheckout = {
  provider: 'razorpay',
  key: 'rzp_live_1a2B3c4D5e6F7g',
  id: 'order_NkX2pQ7rT9sV1w',
  amount: 217895,
  currency: 'INR',
} as const;

/** What the browser's checkout needs to pay a card order; amount in paise as the provider expects. */
export const checkoutPaymentAnswer = z
  .object({
    provider: z.enum(['razorpay', 'sandbox']),
    key: z.string(),
    /** The provider's order id. */
    id: z.string(),
    amount: z.int().positive(),
    currency: z.literal('INR'),
  })
  .meta({ id: 'CheckoutPayment', examples: [exampleCheckout] });

/** A placed order, with the card checkout to open when it is paid by card. */
export const placeOrderAnswer = z
  .object({ order: orderAnswer, payment: checkoutPaymentAnswer.optional() })
  .meta({ examples: [{ order: { ...exampleOrder, paymentStatus: 'Pending' }, payment: exampleCheckout }] });

export const ordersAnswer = z.object({ orders: z.array(orderAnswer) }).meta({ examples: [{ orders: [exampleOrder] }] });

export const orderOnlyAnswer = z.object({ order: orderAnswer }).meta({ examples: [{ order: exampleOrder }] });

/** An item status change by the shopper: the message to show and the order as it now is. */
export const itemMovedAnswer = z.object({ message: z.string(), order: orderAnswer }).meta({
  examples: [
    {
      message: M.itemCancelled,
      order: {
        ...exampleOrder,
        items: [{ ...exampleOrder.items[0], status: 'Cancelled', cancelReason: 'Ordered the wrong colour' }],
      },
    },
  ],
});

export const verifyPaymentAnswer = z
  .object({ status: z.literal('success'), message: z.string(), order: orderAnswer })
  .meta({ examples: [{ status: 'success', message: M.paymentSuccessful, order: exampleOrder }] });

/** A new provider order for a pending card order, for the same final amount (in paise). */
export const retryPaymentAnswer = z
  .object({
    status: z.literal('success'),
    order: z.object({
      key: z.string(),
      amount: z.int().positive(),
      id: z.string(),
      currency: z.literal('INR'),
      /** The shop's order id the payment is for. */
      orderId: z.string(),
      provider: z.enum(['razorpay', 'sandbox']),
    }),
  })
  .meta({ examples: [{ status: 'success', order: { ...exampleCheckout, orderId: exampleOrder._id } }] });

/** The GST invoice of an order, a PDF. */
export const invoicePdfAnswer = {
  description: 'The invoice as a PDF (inline, named invoice-ORD-….pdf)',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};
