import { RESTOCK_MSG } from '@bagshop/shared/restock-messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { categories, products } from '../../db/schema/catalogue.ts';
import { restockRequests } from '../../db/schema/messages.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../mail-outbox/service.ts';

const productNotFound = () => notFound(RESTOCK_MSG.productNotFound);

/**
 * The product's stock if it is for sale (not deleted or blocked, nor its category); else a 404. `lock` takes a share
 * lock, so an admin's restock waits for the request being written and then sees it (or the request sees the stock).
 */
async function stockOf(db: DbOrTx, productId: string, lock: boolean): Promise<number> {
  if (!isUuid(productId)) throw productNotFound();
  const query = db
    .select({ quantity: products.quantity })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.id, productId),
        eq(products.isBlocked, false),
        isNull(products.deletedAt),
        eq(categories.isBlocked, false),
        isNull(categories.deletedAt),
      ),
    );
  const [row] = lock ? await query.for('share', { of: products }) : await query;
  if (!row) throw productNotFound();
  return row.quantity;
}

/** Whether the shopper waits for this product. */
export async function isWaitingForRestock(db: Db, userId: string, productId: string): Promise<boolean> {
  await stockOf(db, productId, false);
  const [row] = await db
    .select({ userId: restockRequests.userId })
    .from(restockRequests)
    .where(and(eq(restockRequests.userId, userId), eq(restockRequests.productId, productId)));
  return row !== undefined;
}

/** "Notify me": only for a product out of stock; asking again changes nothing. */
export async function askForRestockMail(db: Db, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await stockOf(tx, productId, true)) > 0) throw new AppError('CONFLICT', RESTOCK_MSG.inStock);
    await tx.insert(restockRequests).values({ userId, productId }).onConflictDoNothing();
  });
}

/** Takes the request back; nothing to take back is fine too. */
export async function cancelRestockMail(db: Db, userId: string, productId: string): Promise<void> {
  await stockOf(db, productId, false);
  await db
    .delete(restockRequests)
    .where(and(eq(restockRequests.userId, userId), eq(restockRequests.productId, productId)));
}

/**
 * Inside the transaction that takes a product's stock from 0 to more: one mail per asker, and the requests are
 * cleared, so a later restock mails nobody twice. Each key names the request, so a retried transaction adds none.
 */
export async function queueRestockMails(tx: Tx, productId: string, productName: string): Promise<number> {
  const askers = await tx
    .delete(restockRequests)
    .where(eq(restockRequests.productId, productId))
    .returning({ userId: restockRequests.userId, createdAt: restockRequests.createdAt });
  for (const asker of askers) {
    const key = `back-in-stock:${productId}:${asker.userId}:${asker.createdAt.getTime()}`;
    await enqueueMail(tx, key, { userId: asker.userId }, 'back-in-stock', { productId, productName });
  }
  return askers.length;
}
