import type { Color } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { WishlistEntryDto } from '@bagshop/shared/catalogue-types';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, wishlistItems } from '../../db/schema/catalogue.ts';
import { AppError } from '../../platform/errors.ts';
import { findProducts, isAvailable, toProductDto } from '../products/service.ts';

export interface WishlistToggle {
  productId: string;
  color?: Color;
}

/** Adds the product, or removes it when already there; an unavailable product can only be removed. */
export async function toggleWishlist(db: Db, userId: string, input: WishlistToggle): Promise<{ added: boolean }> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, input.productId)))
      .returning({ productId: wishlistItems.productId });
    if (removed.length) return { added: false };
    const [row] = await findProducts(tx, and(eq(products.id, input.productId), isNull(products.deletedAt)));
    if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MSG.productNotFound);
    if (!isAvailable(row)) throw new AppError('CONFLICT', CATALOGUE_MSG.productUnavailable);
    await tx
      .insert(wishlistItems)
      .values({ userId, productId: input.productId, color: input.color ?? row.product.color })
      .onConflictDoNothing();
    return { added: true };
  });
}

/** Newest first; products deleted since are dropped, blocked ones stay marked unavailable. */
export async function wishlistOf(db: Db, userId: string): Promise<WishlistEntryDto[]> {
  const entries = await db
    .select({ productId: wishlistItems.productId, color: wishlistItems.color })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  if (!entries.length) return [];
  const rows = await findProducts(
    db,
    and(
      inArray(
        products.id,
        entries.map((e) => e.productId),
      ),
      isNull(products.deletedAt),
    ),
  );
  const now = new Date();
  const byId = new Map(rows.map((r) => [r.product.id, toProductDto(r, now)]));
  return entries.flatMap((e) => {
    const product = byId.get(e.productId);
    return product ? [{ productId: product, color: e.color as Color }] : [];
  });
}
