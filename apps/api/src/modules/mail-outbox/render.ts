import type { OrderDto } from '@bagshop/shared/order-types';
import { render, toPlainText } from '@react-email/render';
import type { MailAttachment } from '../../platform/mail.ts';
import type { MailPayloads } from './mail-kinds.ts';
import type { ClaimedMail } from './outbox.ts';
import type { MailShop } from './templates/layout.tsx';
import { invoiceAttached, type MailData, type MailTemplate, TEMPLATES } from './templates/shop-mails.tsx';

/** What rendering reads beyond the row; handed in by the start-up wiring (this module reads no other module). */
export interface MailSources {
  shop: MailShop;
  /** The order as its owner sees it now, or null when it is gone. */
  loadOrder(orderId: string): Promise<OrderDto | null>;
  /** The order's GST invoice as a PDF. */
  invoicePdf(orderId: string): Promise<Buffer>;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** HTML and plain text from one template, with the order's invoice attached where `invoiceAttached` says. */
export async function renderQueuedMail(
  mail: ClaimedMail,
  sources: MailSources,
  recipientName: string | null,
): Promise<RenderedMail> {
  const template = TEMPLATES[mail.kind] as MailTemplate<unknown>;
  if (!template) throw new Error(`no template for mail kind ${mail.kind}`);
  const payload = mail.payload as Partial<MailPayloads['item-shipped']>;
  const data: MailData<unknown> = { payload: mail.payload, shop: sources.shop, name: recipientName };
  if (payload.orderId) {
    const order = await sources.loadOrder(payload.orderId);
    if (!order) throw new Error(`order ${payload.orderId} of mail ${mail.id} not found`);
    data.order = order;
    data.name = order.userId.name || recipientName;
    if (payload.itemId) {
      data.item = order.items.find((i) => i._id === payload.itemId);
      if (!data.item) throw new Error(`item ${payload.itemId} of mail ${mail.id} not found`);
    }
  }
  const html = await render(template.body(data));
  const attachments: MailAttachment[] = [];
  if (invoiceAttached(mail.kind, data.order)) {
    attachments.push({
      filename: `invoice-${data.order.orderId}.pdf`,
      content: await sources.invoicePdf(data.order._id),
      contentType: 'application/pdf',
    });
  }
  return { subject: template.subject(data), html, text: toPlainText(html), attachments };
}
