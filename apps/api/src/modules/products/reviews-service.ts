import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { ReviewDto } from '@bagshop/shared/catalogue-types';
import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { builtOncePerDb } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { products, reviews } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { productNotFound } from './ids.ts';

export interface ReviewInput {
  /** The reviewed product as the body names it, when it does: the one in the path. */
  productId?: string;
  rating: number;
  comment: string;
}

/** Prepared: a product page reads them on every view (decision 019, amendment). */
const reviewsQuery = builtOncePerDb((db) =>
  db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      name: users.name,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(reviews.userId, users.id))
    .where(eq(reviews.productId, sql.placeholder('productId')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .prepare('product_reviews'),
);

/** Newest first, each with the reviewer's current name. */
export async function reviewsOf(db: Db, productId: string): Promise<(ReviewDto & { userId: string })[]> {
  const rows = await reviewsQuery(db).execute({ productId });
  return rows.map((r) => ({
    _id: r.id,
    userId: r.userId,
    name: r.name,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One review per shopper and product; the product's rating totals move in the same transaction. */
export async function addReview(db: Db, userId: string, productId: string, input: ReviewInput): Promise<ReviewDto> {
  if (!isUuid(productId)) throw productNotFound();
  if (input.productId !== undefined && input.productId !== productId) {
    throw validationError({ productId: INPUT_MSG.idMismatch });
  }
  try {
    return await db.transaction(async (tx) => {
      const [product] = await tx
        .update(products)
        .set({
          ratingSum: sql`${products.ratingSum} + ${input.rating}`,
          ratingCount: sql`${products.ratingCount} + 1`,
        })
        .where(and(eq(products.id, productId), isNull(products.deletedAt)))
        .returning({ id: products.id });
      if (!product) throw productNotFound();
      const [review] = await tx
        .insert(reviews)
        .values({ productId, userId, rating: input.rating, comment: input.comment })
        .returning();
      const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return {
        _id: review.id,
        name: author.name,
        rating: review.rating,
        comment: review.comment,
        createdAt: review.createdAt.toISOString(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', CATALOGUE_MSG.reviewExists);
    throw error;
  }
}
