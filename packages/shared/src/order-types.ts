import type { ItemStatus, OrderStatus, PaymentMethod, PaymentProviderName, PaymentStatus } from './orders.ts';

/** Shapes of the orders API (docs/product.md §3 Order, Order item; §7 Orders, Payments). Money in rupees. */
export interface OrderAddressDto {
  name: string;
  houseName: string;
  street: string;
  town: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

export interface OrderItemDto {
  _id: string;
  product: {
    _id: string;
    name: string;
    color: string;
    /** Unit price before the offer. */
    price: number;
    pdImage: string[];
  };
  qty: number;
  /** Offer discount per unit. */
  discount: number;
  status: ItemStatus;
  cancelReason: string | null;
  returnReason: string | null;
  returnRejectReason: string | null;
  /** Amount refunded to the wallet for this item. */
  refunded: number;
  deliveredAt: string | null;
}

export interface OrderDto {
  _id: string;
  /** The number shown to people: 'ORD-' + 10 characters. */
  orderId: string;
  createdAt: string;
  userId: { _id: string; name: string; email: string; phone: string };
  shippingPrice: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  couponDiscount: number;
  /** Offer discounts over all lines. */
  totalDiscount: number;
  tax: number;
  /** Σ price × qty before discounts. */
  totalPrice: number;
  /** What the customer pays: total − discount − coupon + tax + shipping. */
  finalAmount: number;
  shippingAddress: OrderAddressDto;
  status: OrderStatus;
  items: OrderItemDto[];
  /** A pending, unexpired card order whose payment may be retried. */
  canRetryPayment: boolean;
  /** When an unpaid card order releases its stock (ISO), else null. */
  expiresAt: string | null;
  /**
   * Card payments handed back through the provider because they arrived after the order was cancelled or expired,
   * or paid it a second time: their sum in rupees and whether a refund is still on its way. Null when none.
   */
  cardRefund: { amount: number; pending: boolean } | null;
}

/** What the browser's checkout needs to pay a card order; amount in paise as the provider expects. */
export interface CheckoutPaymentDto {
  provider: PaymentProviderName;
  key: string;
  /** The provider's order id. */
  id: string;
  amount: number;
  currency: 'INR';
}

export interface PlaceOrderResponse {
  order: OrderDto;
  payment?: CheckoutPaymentDto;
}

export interface OrdersResponse {
  orders: OrderDto[];
}

export interface OrderResponse {
  order: OrderDto;
}

export interface VerifyPaymentResponse {
  status: 'success';
  order: OrderDto;
}

export interface RetryPaymentResponse {
  status: 'success';
  order: {
    key: string;
    amount: number;
    id: string;
    currency: 'INR';
    orderId: string;
    provider: PaymentProviderName;
  };
}
