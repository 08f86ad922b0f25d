// The shop runs through tsx, which reads no per-folder tsconfig: these pragmas select the automatic JSX runtime.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import type { OrderDto, OrderItemDto } from '@bagshop/shared/order-types';
import type { PaymentMethod } from '@bagshop/shared/orders';
import { formatINR, type Paise } from '@bagshop/shared/pricing/money';
import { ATTENTION_MSG } from '@bagshop/shared/schemas/attention';
import type { ShipmentStatus } from '@bagshop/shared/shipping';
import { SHIPMENT_STATUS_LABELS } from '@bagshop/shared/shipping-messages';
import type { ReactElement } from 'react';
import type { MailPayloads } from '../mail-kinds.ts';
import { ButtonLink, MailLayout, type MailShop, Paragraph } from './layout.tsx';
import { ItemLine, OrderSummary } from './order-summary.tsx';

/** What a template is given: the row's payload, the shop, and for order mail the order (and item) as they are now. */
export interface MailData<P> {
  payload: P;
  shop: MailShop;
  /** The recipient's name when known. */
  name: string | null;
  order?: OrderDto;
  /** The items an item mail is about (several only for a cancel that took several items of the order at once). */
  items?: OrderItemDto[];
}

export interface MailTemplate<P> {
  subject(data: MailData<P>): string;
  body(data: MailData<P>): ReactElement;
}

const PAYMENT_METHOD: Record<PaymentMethod, string> = {
  razorpay: 'Card / UPI (Razorpay)',
  wallet: 'Wallet',
  cod: 'Cash on Delivery',
};

/** Made once: an Intl formatter costs more to build than the rest of the mail to render (docs/decisions/026-order-mail.md). */
const indiaDateFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});
const indiaDate = (iso: string) => indiaDateFormat.format(new Date(iso));

/** A YYYY-MM-DD India date as 'Fri, 4 Dec 2026'. */
const indiaDay = (day: string) =>
  new Date(`${day}T12:00:00+05:30`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });

const SHIPMENT_UPDATE_TITLES: Partial<Record<ShipmentStatus, string>> = {
  'picked-up': 'The courier has picked up your parcel',
  'in-transit': 'Your parcel is on its way',
  'out-for-delivery': 'Your parcel is out for delivery today',
  'rto-initiated': 'Your parcel could not be delivered and is coming back to us',
};

const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');
const orderLink = (d: MailData<unknown>) => `${d.shop.publicUrl}/order-details/${d.order?._id}`;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`mail needs its ${what}`);
  return value;
}

function itemsOf(d: MailData<unknown>): OrderItemDto[] {
  const items = need(d.items, 'items');
  if (items.length === 0) throw new Error('mail needs its items');
  return items;
}

/** An item mail: the greeting, what happened, the item lines and the way to the order. */
function ItemMail(props: { d: MailData<unknown>; title: string; lines: string[] }) {
  const order = need(props.d.order, 'order');
  return (
    <MailLayout shop={props.d.shop} preview={props.title} title={props.title}>
      <Paragraph>{hello(props.d.name)}</Paragraph>
      {props.lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>Order {order.orderId}:</Paragraph>
      {itemsOf(props.d).map((item) => (
        <ItemLine key={item._id} item={item} />
      ))}
      <ButtonLink href={orderLink(props.d)}>View your order</ButtonLink>
    </MailLayout>
  );
}

/** The item's name, or for a mail about several items how many (the body lists them). */
const itemName = (d: MailData<unknown>) => {
  const items = itemsOf(d);
  return items.length === 1 ? items[0].product.name : `${items.length} items`;
};
const orderNumber = (d: MailData<unknown>) => need(d.order, 'order').orderId;
/** Why the refund kept something back (docs/decisions/035-refunds-keep-what-was-earned.md), item by item. */
const keptBackNotes = (d: MailData<unknown>) => [...new Set(itemsOf(d).flatMap((item) => item.refundNotes))];
const refundLines = (d: MailData<unknown>, paise: Paise) => {
  const notes = keptBackNotes(d);
  if (paise > 0) return [`${formatINR(paise)} has been refunded to your Bag Shop wallet.`, ...notes];
  return notes.length > 0
    ? ['Nothing has been refunded.', ...notes]
    : ['Nothing was charged for it, so there is no refund.'];
};
/** A cancel mail tells of money only when some went back or was kept back: an unpaid item had nothing to refund. */
const cancelRefundLines = (d: MailData<unknown>, paise: Paise) =>
  paise > 0 || keptBackNotes(d).length > 0 ? refundLines(d, paise) : [];

export const TEMPLATES: { [K in keyof MailPayloads]: MailTemplate<MailPayloads[K]> } = {
  'order-placed': {
    subject: (d) => `Order ${orderNumber(d)} placed`,
    body: (d) => {
      const order = need(d.order, 'order');
      return (
        <MailLayout
          shop={d.shop}
          preview={`Thank you for your order ${order.orderId}`}
          title="Thank You for your Order"
        >
          <Paragraph>{hello(d.name)}</Paragraph>
          <Paragraph>
            Your order {order.orderId} of {indiaDate(order.createdAt)} (India time) has been placed successfully. We
            will notify you when your items have been shipped.
          </Paragraph>
          <Paragraph>
            Payment: {PAYMENT_METHOD[order.paymentMethod as PaymentMethod] ?? order.paymentMethod}.{' '}
            {order.invoiceNumber
              ? `Your GST invoice ${order.invoiceNumber} is attached as a PDF.`
              : 'Your GST invoice comes with the mail that tells you your order has shipped.'}
          </Paragraph>
          {d.payload.codConfirmToken && order.codConfirmation?.required ? (
            <>
              <Paragraph>
                Please confirm your cash-on-delivery order by {indiaDate(order.codConfirmation.deadline)} (India time),
                or it will be cancelled and its items released.
              </Paragraph>
              <ButtonLink
                href={`${d.shop.publicUrl}/confirm-cod?token=${encodeURIComponent(d.payload.codConfirmToken)}`}
              >
                Confirm your order
              </ButtonLink>
            </>
          ) : null}
          <OrderSummary order={order} />
          <ButtonLink href={orderLink(d)}>View your order</ButtonLink>
        </MailLayout>
      );
    },
  },
  'payment-failed': {
    subject: (d) => `Payment for order ${orderNumber(d)} did not go through`,
    body: (d) => {
      const order = need(d.order, 'order');
      const retry = `${d.shop.publicUrl}/pending/order-details/${order._id}`;
      return (
        <MailLayout shop={d.shop} preview="Your payment did not go through" title="Your payment did not go through">
          <Paragraph>{hello(d.name)}</Paragraph>
          <Paragraph>
            The card payment for your order {order.orderId} failed, so nothing was charged. Your items stay reserved
            {order.expiresAt ? ` until ${indiaDate(order.expiresAt)} (India time)` : ''}: you can try the payment again.
          </Paragraph>
          <ButtonLink href={retry}>Retry the payment</ButtonLink>
          <OrderSummary order={order} />
        </MailLayout>
      );
    },
  },
  'item-shipped': {
    subject: (d) => `Shipped: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title="Your item has been shipped"
        lines={[
          'Good news: your item is on its way.',
          ...(invoiceAttached('item-shipped', d.order)
            ? [`Your GST invoice ${d.order?.invoiceNumber} is attached as a PDF.`]
            : []),
        ]}
      />
    ),
  },
  'item-delivered': {
    subject: (d) => `Delivered: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title="Your item has been delivered"
        lines={['Your item has been delivered. Enjoy it! If it is not right, you can ask to return it within 7 days.']}
      />
    ),
  },
  'item-cancelled': {
    subject: (d) => `Cancelled: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title={itemsOf(d).length === 1 ? 'Your item has been cancelled' : 'Your items have been cancelled'}
        lines={[`Reason: ${d.payload.reason}`, ...cancelRefundLines(d, d.payload.refundedPaise)]}
      />
    ),
  },
  'return-requested': {
    subject: (d) => `Return requested: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title="We have your return request"
        lines={[`Reason: ${d.payload.reason}`, 'We will check it and mail you our answer.']}
      />
    ),
  },
  'return-approved': {
    subject: (d) => `Return approved: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title="Your return has been approved"
        lines={['Your return has been approved.', ...refundLines(d, d.payload.refundedPaise)]}
      />
    ),
  },
  'return-rejected': {
    subject: (d) => `Return not approved: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => <ItemMail d={d} title="Your return was not approved" lines={[`Reason: ${d.payload.reason}`]} />,
  },
  'returned-to-seller': {
    subject: (d) => `Returned to us: ${itemName(d)} (order ${orderNumber(d)})`,
    body: (d) => (
      <ItemMail
        d={d}
        title="Your parcel came back to us"
        lines={[
          'The courier could not deliver your parcel and has brought it back to us, so this item is cancelled.',
          ...cancelRefundLines(d, d.payload.refundedPaise),
        ]}
      />
    ),
  },
  'shipment-update': {
    subject: (d) => `${SHIPMENT_STATUS_LABELS[d.payload.status]}: your order ${orderNumber(d)}`,
    body: (d) => {
      const { status, courier, awb, trackingUrl, expectedDelivery } = d.payload;
      const title = SHIPMENT_UPDATE_TITLES[status] ?? SHIPMENT_STATUS_LABELS[status];
      return (
        <MailLayout shop={d.shop} preview={title} title={title}>
          <Paragraph>{hello(d.name)}</Paragraph>
          <Paragraph>
            Your parcel of order {orderNumber(d)} with {courier} (tracking number {awb}):{' '}
            {SHIPMENT_STATUS_LABELS[status].toLowerCase()}.
            {expectedDelivery && status !== 'rto-initiated' ? ` Expected delivery: ${indiaDay(expectedDelivery)}.` : ''}
          </Paragraph>
          {trackingUrl ? <ButtonLink href={trackingUrl}>Track the parcel</ButtonLink> : null}
          <ButtonLink href={orderLink(d)}>See your order</ButtonLink>
        </MailLayout>
      );
    },
  },
  'wallet-credited': {
    subject: (d) => `${formatINR(d.payload.amountPaise)} added to your wallet`,
    body: (d) => (
      <MailLayout shop={d.shop} preview="Your wallet was credited" title="Your wallet was credited">
        <Paragraph>{hello(d.name)}</Paragraph>
        <Paragraph>
          {formatINR(d.payload.amountPaise)} has been added to your Bag Shop wallet ({d.payload.type}):{' '}
          {d.payload.description}
        </Paragraph>
        <ButtonLink href={`${d.shop.publicUrl}/wallet`}>Open your wallet</ButtonLink>
      </MailLayout>
    ),
  },
  'password-changed': {
    subject: () => 'Your password was changed',
    body: (d) => (
      <MailLayout shop={d.shop} preview="Your password was changed" title="Your password was changed">
        <Paragraph>{hello(d.name)}</Paragraph>
        <Paragraph>
          The password of your account was changed on {indiaDate(d.payload.at)} (India time), and every other device was
          signed out.
        </Paragraph>
        <Paragraph>
          If this was not you, reset your password now and write to us: someone may know your old one.
        </Paragraph>
        <ButtonLink href={`${d.shop.publicUrl}/forgot-password`}>Reset my password</ButtonLink>
      </MailLayout>
    ),
  },
  'back-in-stock': {
    subject: (d) => `Back in stock: ${d.payload.productName}`,
    body: (d) => (
      <MailLayout shop={d.shop} preview={`${d.payload.productName} is back`} title="It is back in stock">
        <Paragraph>{hello(d.name)}</Paragraph>
        <Paragraph>
          {d.payload.productName}, which you asked us to tell you about, is back in stock. Stock is limited, so do not
          wait too long.
        </Paragraph>
        <ButtonLink href={`${d.shop.publicUrl}/details/${d.payload.productId}`}>See the bag</ButtonLink>
      </MailLayout>
    ),
  },
  'low-stock': {
    subject: (d) => `Low stock: ${d.payload.productName}`,
    body: (d) => (
      <MailLayout
        shop={d.shop}
        preview={`${d.payload.productName}: ${d.payload.stock} left`}
        title="Running low"
        staffNote="This mail goes to every administrator, once each time the stock falls to the product's low-stock threshold or under; the dashboard lists the products that are low."
      >
        <Paragraph>{hello(d.name)}</Paragraph>
        <Paragraph>
          {d.payload.productName} has {d.payload.stock} {d.payload.stock === 1 ? 'unit' : 'units'} left; its low-stock
          threshold is {d.payload.threshold}.
        </Paragraph>
        <ButtonLink href={`${d.shop.publicUrl}/admin/products/edit/${d.payload.productId}`}>See its stock</ButtonLink>
      </MailLayout>
    ),
  },
  attention: {
    subject: (d) => `Needs your attention: ${d.payload.title}`,
    body: (d) => (
      <MailLayout
        shop={d.shop}
        preview={d.payload.detail}
        title={d.payload.title}
        staffNote="This mail goes to the shop's alert address (ALERT_EMAIL, else the first administrator). You get one mail per problem; the dashboard shows it until it is over."
      >
        <Paragraph>{hello(d.name)}</Paragraph>
        <Paragraph>{d.payload.detail}</Paragraph>
        <Paragraph>Noticed on {indiaDate(d.payload.since)} (India time).</Paragraph>
        <Paragraph>
          {ATTENTION_MSG.advice} {d.payload.advice}
        </Paragraph>
        <ButtonLink href={`${d.shop.publicUrl}/admin/dashboard`}>Open the dashboard</ButtonLink>
      </MailLayout>
    ),
  },
};

/**
 * The mails that carry the order's GST invoice: the order-placed mail once the order is paid (card, wallet), and for
 * cash on delivery, whose invoice is made when its first item ships (docs/decisions/042-gst-on-what-is-paid.md), the
 * shipped mail.
 */
export function invoiceAttached(kind: string, order: OrderDto | undefined): order is OrderDto {
  if (!order?.invoiceNumber) return false;
  // A cash-on-delivery order is invoiced when its goods leave (CGST Act s. 31(1)(a)): the invoice rides with them.
  return kind === 'order-placed' || (kind === 'item-shipped' && order.paymentMethod === 'cod');
}
