import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { orders } from '../../db/schema/orders.ts';
import { type MailSources, type MailWorker, startMailWorker } from '../../modules/mail-outbox/service.ts';
import { loadOrderDtos, orderInvoicePdf } from '../../modules/orders/service.ts';
import { createMailTransport, type MailTransport } from '../../platform/mail.ts';

/** What the shop's mail is rendered from: the seller settings, the public address, the orders and their invoices. */
export function shopMailSources(db: Db, config: Config): MailSources {
  return {
    shop: { name: config.SELLER_NAME, address: config.SELLER_ADDRESS, publicUrl: config.publicUrl.replace(/\/+$/, '') },
    async loadOrders(orderIds) {
      const ids = orderIds.filter(isUuid);
      if (ids.length === 0) return new Map();
      return new Map((await loadOrderDtos(db, inArray(orders.id, ids))).map((o) => [o._id, o]));
    },
    invoicePdf: (orderId) => orderInvoicePdf(db, config, orderId),
  };
}

/**
 * SMTP when SMTP_URL is set. Without it, development prints each mail whole (the development mailbox lists it too);
 * production prints one short line per mail: nobody reads order mail in a server log, and printing it costs the
 * order path (docs/decisions/026-order-mail.md).
 */
export function shopMailTransport(config: Config, log: (line: string) => void): MailTransport {
  return createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log,
    print: config.isDevelopment ? 'whole' : 'line',
  });
}

/** The outbox worker of this process. */
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
    transport: options.transport ?? shopMailTransport(config, options.log),
    sources: shopMailSources(options.db, config),
    from: config.MAIL_FROM,
    onError: options.onError,
  });
}
