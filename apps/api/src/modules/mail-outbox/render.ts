import type { OrderDto, OrderItemDto } from '@bagshop/shared/order-types';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailAttachment } from '../../platform/mail.ts';
import type { ClaimedMail } from './outbox.ts';
import type { MailShop } from './templates/layout.tsx';
import { invoiceAttached, type MailData, type MailTemplate, TEMPLATES } from './templates/shop-mails.tsx';

/** What rendering reads beyond the row; handed in by the start-up wiring (this module reads no other module). */
export interface MailSources {
  shop: MailShop;
  /** The orders as their owners see them now, by id (one that is gone is missing): one call for a whole batch. */
  loadOrders(orderIds: readonly string[]): Promise<Map<string, OrderDto>>;
  /** The order's GST invoice as a PDF. */
  invoicePdf(orderId: string): Promise<Buffer>;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** What the mail is about in a few words, for a log line: its kind and order. */
  about: string;
}

/**
 * react-email's `toPlainText`, with its options compiled once: `toPlainText` compiles them again for every mail,
 * a third of the time it takes (bench/profiles/orders-mail-after.txt).
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** What react-email's `render` puts before the markup. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The template's HTML document. react-email's `render` streams, to wait for async components; these templates have
 * none, and the static renderer gives the same document for about a third of the CPU (every order sends a mail).
 */
function renderDocument(element: ReactElement): string {
  return XHTML_DOCTYPE + renderToStaticMarkup(element).replace(/<!DOCTYPE.*?>/, '');
}

/** The fields of a payload that name an order and its items (rows queued before a cancel named several carry `itemId`). */
type OrderRefs = { orderId?: string; itemId?: string; itemIds?: string[] };

/** The orders a batch of mails is about, each once. */
export function orderIdsOf(mails: readonly ClaimedMail[]): string[] {
  const ids = mails.map((m) => (m.payload as OrderRefs).orderId).filter((id): id is string => typeof id === 'string');
  return [...new Set(ids)];
}

function itemsNamed(mail: ClaimedMail, order: OrderDto): OrderItemDto[] | undefined {
  const refs = mail.payload as OrderRefs;
  const ids = refs.itemIds ?? (refs.itemId ? [refs.itemId] : []);
  if (ids.length === 0) return undefined;
  return ids.map((id) => {
    const item = order.items.find((i) => i._id === id);
    if (!item) throw new Error(`item ${id} of mail ${mail.id} not found`);
    return item;
  });
}

/**
 * HTML and plain text from one template, with the order's invoice attached where `invoiceAttached` says. `orders`
 * holds the orders of the mail's batch, loaded together (`MailSources.loadOrders`).
 */
export async function renderQueuedMail(
  mail: ClaimedMail,
  sources: Pick<MailSources, 'shop' | 'invoicePdf'>,
  orders: ReadonlyMap<string, OrderDto>,
): Promise<RenderedMail> {
  const template = TEMPLATES[mail.kind] as MailTemplate<unknown>;
  if (!template) throw new Error(`no template for mail kind ${mail.kind}`);
  const { orderId } = mail.payload as OrderRefs;
  const data: MailData<unknown> = { payload: mail.payload, shop: sources.shop, name: mail.recipientName };
  if (orderId) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`order ${orderId} of mail ${mail.id} not found`);
    data.order = order;
    data.name = order.userId.name || mail.recipientName;
    data.items = itemsNamed(mail, order);
  }
  const html = renderDocument(template.body(data));
  const attachments: MailAttachment[] = [];
  if (invoiceAttached(mail.kind, data.order)) {
    attachments.push({
      filename: `invoice-${data.order.orderId}.pdf`,
      content: await sources.invoicePdf(data.order._id),
      contentType: 'application/pdf',
    });
  }
  const about = data.order ? `${mail.kind}, order ${data.order.orderId}` : mail.kind;
  return { subject: template.subject(data), html, text: toPlainText(html), attachments, about };
}
