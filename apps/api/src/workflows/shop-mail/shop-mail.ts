import type pg from 'pg';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type MailSources, type MailWorker, startMailWorker } from '../../modules/mail-outbox/service.ts';
import { loadOrderDto, orderInvoicePdf } from '../../modules/orders/service.ts';
import { createMailTransport, type MailTransport } from '../../platform/mail.ts';

/** What the shop's mail is rendered from: the seller settings, the public address, the orders and their invoices. */
export function shopMailSources(db: Db, config: Config): MailSources {
  return {
    shop: { name: config.SELLER_NAME, address: config.SELLER_ADDRESS, publicUrl: config.publicUrl.replace(/\/+$/, '') },
    loadOrder: (orderId) => loadOrderDto(db, orderId),
    invoicePdf: (orderId) => orderInvoicePdf(db, config, orderId),
  };
}

/** The outbox worker of this process: SMTP when SMTP_URL is set, else mail is printed (as every mail of the shop). */
export function startShopMailWorker(options: {
  db: Db;
  pool: pg.Pool;
  config: Config;
  log: (line: string) => void;
  onError: (error: unknown) => void;
  transport?: MailTransport;
}): MailWorker {
  const { config } = options;
  return startMailWorker({
    db: options.db,
    pool: options.pool,
    transport:
      options.transport ?? createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: options.log }),
    sources: shopMailSources(options.db, config),
    from: config.MAIL_FROM,
    onError: options.onError,
  });
}
