import type { AuditAction } from '@bagshop/shared/audit';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { CategoryDto } from '@bagshop/shared/catalogue-types';
import type { AdminCategoryListQuery, CategorySort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminCategoryRow, categorySchema } from '@bagshop/shared/schemas/catalogue';
import { and, asc, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { refreshOfferPercents } from '../../db/sale-prices.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { assertOfferFor } from '../offers/service.ts';
import { toCategoryDto } from '../products/service.ts';

export type CategoryValues = z.output<typeof categorySchema>;

export interface CategoryList {
  categories: AdminCategoryRow[];
  total: number;
  page: number;
  pages: number;
}

const CATEGORY_SORT_KEYS: Record<CategorySort, AnyPgColumn | SQL> = {
  createdAt: categories.createdAt,
  name: textKey(categories.name),
};

const categoryNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.categoryNotFound);

const productCount = sql<number>`(select count(*) from ${products} where ${products.categoryId} = ${categories.id} and ${products.deletedAt} is null)::int`;

function selectCategories(db: DbOrTx) {
  return db
    .select({ category: categories, offer: offers, productCount })
    .from(categories)
    .leftJoin(offers, eq(categories.offerId, offers.id));
}

type CategoryWithOffer = Awaited<ReturnType<ReturnType<typeof selectCategories>['where']>>[number];

function toDto(r: CategoryWithOffer, now = new Date()): CategoryDto {
  return { ...toCategoryDto(r.category, r.offer, now), productCount: r.productCount };
}

const live = (id: string) => and(eq(categories.id, id), isNull(categories.deletedAt));

async function loadCategory(db: DbOrTx, id: string): Promise<CategoryDto> {
  const [row] = await selectCategories(db).where(live(id));
  if (!row) throw categoryNotFound();
  return toDto(row);
}

async function lockCategory(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw categoryNotFound();
  const [row] = await db.select().from(categories).where(live(id)).for('update');
  if (!row) throw categoryNotFound();
  return row;
}

/** Names are unique among live categories regardless of case; the database index decides races. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', CATALOGUE_MSG.categoryExists, { name: CATALOGUE_MSG.categoryExists });
    }
    throw error;
  }
}

/** What the admin sees of a category, for the audit log. */
function categorySnapshot(c: CategoryDto) {
  return { name: c.name, offer: c.offer?.name ?? null, blocked: !c.isExist };
}

function auditCategory(
  tx: Tx,
  adminId: string,
  action: AuditAction,
  before: CategoryDto | null,
  after: CategoryDto | null,
) {
  const subject = (after ?? before) as CategoryDto;
  return recordAudit(tx, adminId, {
    kind: 'category',
    action,
    entityId: subject._id,
    summary: `Category "${subject.name}"`,
    before: before && categorySnapshot(before),
    after: after && categorySnapshot(after),
  });
}

export async function createCategory(db: Db, adminId: string, input: CategoryValues): Promise<CategoryDto> {
  await assertOfferFor(db, input.offer, 'category');
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ name: input.name, offerId: input.offer ?? null })
        .returning({ id: categories.id });
      const created = await loadCategory(tx, row.id);
      await auditCategory(tx, adminId, 'create', null, created);
      return created;
    }),
  );
}

export async function listCategories(db: Db, query: AdminCategoryListQuery): Promise<CategoryList> {
  const filters: SQL[] = [isNull(categories.deletedAt)];
  const keyword = query.keyword?.trim();
  if (keyword) filters.push(ilike(categories.name, containsPattern(keyword)));
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(categories).where(where);
  const rows = await selectCategories(db)
    .where(where)
    .orderBy(...orderWithId(CATEGORY_SORT_KEYS[query.sort], categories.id, query.dir))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const now = new Date();
  return {
    categories: rows.map((r) => ({ ...toDto(r, now), createdAt: r.category.createdAt.toISOString() })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getCategory(db: Db, id: string): Promise<CategoryDto> {
  if (!isUuid(id)) throw categoryNotFound();
  return loadCategory(db, id);
}

/** A missing `offer` keeps the current one; null (or '' / 'none' on the form) removes it. */
export async function updateCategory(db: Db, adminId: string, id: string, input: CategoryValues): Promise<CategoryDto> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      await lockCategory(tx, id);
      const before = await loadCategory(tx, id);
      await assertOfferFor(tx, input.offer, 'category');
      await tx
        .update(categories)
        .set({ name: input.name, ...(input.offer === undefined ? {} : { offerId: input.offer }) })
        .where(eq(categories.id, id));
      // Its products take the new category offer's price in the same transaction.
      if (input.offer !== undefined) await refreshOfferPercents(tx, eq(products.categoryId, id));
      const after = await loadCategory(tx, id);
      await auditCategory(tx, adminId, 'update', before, after);
      return after;
    }),
  );
}

/** Refused while live products remain, so no product is left pointing at a deleted category. */
export async function deleteCategory(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategory(tx, id);
    const before = await loadCategory(tx, id);
    const [{ remaining }] = await tx
      .select({ remaining: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
    if (remaining > 0) throw new AppError('CONFLICT', CATALOGUE_MSG.categoryHasProducts);
    await tx.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, id));
    await auditCategory(tx, adminId, 'delete', before, null);
  });
}

/** A blocked category and its products disappear from the shop until it is unblocked. */
export async function toggleCategoryBlock(db: Db, adminId: string, id: string): Promise<CategoryDto> {
  return db.transaction(async (tx) => {
    const current = await lockCategory(tx, id);
    const before = await loadCategory(tx, id);
    await tx.update(categories).set({ isBlocked: !current.isBlocked }).where(eq(categories.id, id));
    const after = await loadCategory(tx, id);
    await auditCategory(tx, adminId, after.isExist ? 'unblock' : 'block', before, after);
    return after;
  });
}

/** The shop's category filter and the product form: live, unblocked categories by name. */
export async function shopCategories(db: Db): Promise<CategoryDto[]> {
  const rows = await selectCategories(db)
    .where(and(isNull(categories.deletedAt), eq(categories.isBlocked, false)))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  const now = new Date();
  return rows.map((r) => toDto(r, now));
}
