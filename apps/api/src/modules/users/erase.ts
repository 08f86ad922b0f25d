import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cartItems, wishlistItems } from '../../db/schema/catalogue.ts';
import { restockRequests } from '../../db/schema/messages.ts';
import { orders } from '../../db/schema/orders.ts';
import { addresses, users } from '../../db/schema/users.ts';

/** What an order without a tax invoice keeps of its delivery address once its shopper is deleted. */
const ERASED_ADDRESS = {
  name: 'Deleted user',
  houseName: '',
  street: '',
  town: '',
  state: '',
  zipcode: '',
  country: '',
  phone: '',
};

/**
 * Removes a deleted user's personal data except what their tax invoices must keep for 72 months (CGST Act s. 36, rule
 * 56; docs/decisions/042-gst-on-what-is-paid.md): the account keeps the name and email its invoices print and invoiced
 * orders keep their delivery address; the address book, phone, password, Google link, pictures, cart, wishlist and
 * restock requests go, and orders never invoiced lose their address.
 */
export async function eraseUserData(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(restockRequests).where(eq(restockRequests.userId, userId));
  await tx
    .update(users)
    .set({ phone: '', passwordHash: null, googleSub: null, images: [], updatedAt: at })
    .where(eq(users.id, userId));
  await tx
    .update(orders)
    .set({ shippingAddress: sql`${JSON.stringify(ERASED_ADDRESS)}::jsonb`, updatedAt: at })
    .where(and(eq(orders.userId, userId), isNull(orders.invoiceNumber)));
}
