import type { AuditAction } from '@bagshop/shared/audit';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import type { OfferDto } from '@bagshop/shared/catalogue-types';
import { toPaise } from '@bagshop/shared/pricing/money';
import type { AdminOfferListQuery, OfferSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminOfferRow, offerSchema } from '@bagshop/shared/schemas/catalogue';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { productsUnderOffer, refreshOfferPercents } from '../../db/sale-prices.ts';
import { categories, offers, products } from '../../db/schema/catalogue.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { type OfferRow, toOfferDto } from './offer-view.ts';
import { wakeSalePriceJob } from './sale-price-job.ts';

// What other modules may use from offers besides the functions below (docs/decisions/015-enforced-layers.md).
export { assertOfferFor, liveOffer, type OfferRow, toOfferDto } from './offer-view.ts';
export { refreshSalePrices, scheduleSalePrices } from './sale-price-job.ts';

export type OfferValues = z.output<typeof offerSchema>;

export interface OfferList {
  offers: AdminOfferRow[];
  total: number;
  page: number;
  pages: number;
}

const OFFER_SORT_KEYS: Record<OfferSort, AnyPgColumn | SQL> = {
  createdAt: offers.createdAt,
  name: textKey(offers.name),
  discount: offers.discount,
  activation: offers.activation,
  expiry: offers.expiry,
};

const offerNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.offerNotFound);

function columns(input: OfferValues) {
  return {
    name: input.name,
    type: input.type,
    description: input.description,
    activation: input.activation,
    expiry: input.expiry,
    discount: input.discount,
    minAmountPaise: toPaise(input.minAmount),
  };
}

async function liveOfferRow(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw offerNotFound();
  const query = db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), isNull(offers.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw offerNotFound();
  return row;
}

/** What the admin sees of an offer, for the audit log. */
function offerSnapshot(o: OfferRow) {
  const dto = toOfferDto(o);
  return {
    name: dto.name,
    type: dto.type,
    description: dto.description,
    activation: dto.activation,
    expiry: dto.expiry,
    discount: dto.discount,
    minAmount: dto.minAmount,
    blocked: !dto.isExist,
  };
}

function auditOffer(tx: Tx, adminId: string, action: AuditAction, before: OfferRow | null, after: OfferRow | null) {
  const subject = (after ?? before) as OfferRow;
  return recordAudit(tx, adminId, {
    kind: 'offer',
    action,
    entityId: subject.id,
    summary: `Offer "${subject.name}"`,
    before: before && offerSnapshot(before),
    after: after && offerSnapshot(after),
  });
}

export async function createOffer(db: Db, adminId: string, input: OfferValues): Promise<OfferDto> {
  const offer = await db.transaction(async (tx) => {
    const [row] = await tx.insert(offers).values(columns(input)).returning();
    await auditOffer(tx, adminId, 'create', null, row);
    return toOfferDto(row);
  });
  // A new offer applies to nothing yet, but its dates may be the next start or end to wait for.
  wakeSalePriceJob();
  return offer;
}

export async function listOffers(db: Db, query: AdminOfferListQuery): Promise<OfferList> {
  const filters: SQL[] = [isNull(offers.deletedAt)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    filters.push(or(ilike(offers.name, pattern), ilike(offers.description, pattern)) as SQL);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(offers).where(where);
  const rows = await db
    .select()
    .from(offers)
    .where(where)
    .orderBy(...orderWithId(OFFER_SORT_KEYS[query.sort], offers.id, query.dir))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const now = new Date();
  return {
    offers: rows.map((o) => ({ ...toOfferDto(o, now), createdAt: o.createdAt.toISOString() })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getOffer(db: Db, id: string): Promise<OfferDto> {
  return toOfferDto(await liveOfferRow(db, id));
}

/**
 * Changing what an offer applies to unlinks it from the items of the other kind in the same transaction,
 * so a product never carries a category offer (or the other way round).
 */
export async function updateOffer(db: Db, adminId: string, id: string, input: OfferValues): Promise<OfferDto> {
  const offer = await db.transaction(async (tx) => {
    const current = await liveOfferRow(tx, id, true);
    const [row] = await tx.update(offers).set(columns(input)).where(eq(offers.id, id)).returning();
    let unlinkedCategories: string[] = [];
    if (current.type !== input.type) {
      // Unlinked products get their price again from the products trigger; the categories' products below.
      if (input.type === 'category') await tx.update(products).set({ offerId: null }).where(eq(products.offerId, id));
      else {
        const unlinked = await tx
          .update(categories)
          .set({ offerId: null })
          .where(eq(categories.offerId, id))
          .returning({ id: categories.id });
        unlinkedCategories = unlinked.map((c) => c.id);
      }
    }
    await refreshOfferPercents(
      tx,
      unlinkedCategories.length
        ? (or(productsUnderOffer(id), inArray(products.categoryId, unlinkedCategories)) as SQL)
        : productsUnderOffer(id),
    );
    await auditOffer(tx, adminId, 'update', current, row);
    return toOfferDto(row);
  });
  wakeSalePriceJob();
  return offer;
}

/** A soft delete: the offer stops counting for prices at once (deleted offers are ignored by pricing). */
export async function deleteOffer(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await liveOfferRow(tx, id, true);
    await tx.update(offers).set({ deletedAt: new Date() }).where(eq(offers.id, id));
    await refreshOfferPercents(tx, productsUnderOffer(id));
    await auditOffer(tx, adminId, 'delete', current, null);
  });
  wakeSalePriceJob();
}

export async function toggleOfferBlock(db: Db, adminId: string, id: string): Promise<OfferDto> {
  const offer = await db.transaction(async (tx) => {
    const current = await liveOfferRow(tx, id, true);
    const [row] = await tx.update(offers).set({ isBlocked: !current.isBlocked }).where(eq(offers.id, id)).returning();
    await refreshOfferPercents(tx, productsUnderOffer(id));
    await auditOffer(tx, adminId, row.isBlocked ? 'block' : 'unblock', current, row);
    return toOfferDto(row);
  });
  wakeSalePriceJob();
  return offer;
}

/** Offers that can be chosen on a form: not deleted, not blocked; both kinds (the forms filter by type). */
export async function usableOffers(db: Db): Promise<OfferDto[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(isNull(offers.deletedAt), eq(offers.isBlocked, false)))
    .orderBy(asc(offers.name), asc(offers.id));
  const now = new Date();
  return rows.map((o) => toOfferDto(o, now));
}
