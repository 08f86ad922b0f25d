import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadInvoice, renderInvoicePdf, sellerOf } from './invoice.ts';

/** The shop itself reading an order's invoice (for the mail that carries it), not a signed-in person. */
const THE_SHOP = { id: '00000000-0000-0000-0000-000000000000', isAdmin: true };

/** The order's GST invoice as a PDF, as the order-placed mail attaches it. */
export async function orderInvoicePdf(db: Db, config: Config, orderId: string): Promise<Buffer> {
  return renderInvoicePdf(sellerOf(config), await loadInvoice(db, THE_SHOP, orderId, config.SELLER_STATE));
}
