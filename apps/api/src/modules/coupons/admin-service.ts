import type { AuditAction } from '@bagshop/shared/audit';
import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { toPaise } from '@bagshop/shared/pricing/money';
import type { AdminCouponListQuery, CouponSort } from '@bagshop/shared/schemas/admin-lists';
import type { CouponDto, CouponListDto, CouponValues } from '@bagshop/shared/schemas/coupons';
import { and, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { CouponRow } from './coupon-rules.ts';
import { toCouponDto } from './coupon-view.ts';

const COUPON_SORT_KEYS: Record<CouponSort, AnyPgColumn | SQL> = {
  createdAt: coupons.createdAt,
  code: textKey(coupons.code),
  discount: coupons.discount,
  activation: coupons.activation,
  expiry: coupons.expiry,
  uses: coupons.usedCount,
};
const couponNotFound = () => new AppError('NOT_FOUND', COUPON_MSG.notFound);

/** The name is the code shoppers enter (docs/product.md §12.2), so the code column carries it as typed. */
function columns(input: CouponValues) {
  return {
    name: input.name,
    code: input.name,
    description: input.description,
    activation: input.activation,
    expiry: input.expiry,
    discount: input.discount,
    status: input.status,
    minAmountPaise: toPaise(input.minAmount),
    maxAmountPaise: toPaise(input.maxAmount),
    usageLimit: input.limit,
  };
}

async function liveCouponRow(db: DbOrTx, id: string, lock = false) {
  if (!isUuid(id)) throw couponNotFound();
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw couponNotFound();
  return row;
}

/** What the admin sees of a coupon, for the audit log. */
function couponSnapshot(c: CouponRow) {
  const dto = toCouponDto(c);
  return {
    code: dto.code,
    name: dto.name,
    description: dto.description,
    activation: dto.activation,
    expiry: dto.expiry,
    discount: dto.discount,
    status: dto.status,
    minAmount: dto.minAmount,
    maxAmount: dto.maxAmount,
    limit: dto.limit,
    usedCount: dto.usedCount,
    referral: dto.isReferral,
    blocked: !dto.isExist,
  };
}

function auditCoupon(tx: Tx, adminId: string, action: AuditAction, before: CouponRow | null, after: CouponRow | null) {
  const subject = (after ?? before) as CouponRow;
  return recordAudit(tx, adminId, {
    kind: 'coupon',
    action,
    entityId: subject.id,
    // The code is the name; a coupon deleted before names became codes still shows its drawn code.
    summary: `${subject.isReferral ? 'Referral coupon' : 'Coupon'} "${subject.name}"${subject.code === subject.name ? '' : ` (${subject.code})`}`,
    before: before && couponSnapshot(before),
    after: after && couponSnapshot(after),
  });
}

/**
 * Names are unique among live coupons regardless of case; the database index decides races, so of two creates with
 * one name exactly one is stored.
 */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', COUPON_MSG.nameTaken, { name: COUPON_MSG.nameTaken });
    throw error;
  }
}

export async function createCoupon(
  db: Db,
  adminId: string,
  input: CouponValues,
  isReferral: boolean,
): Promise<CouponDto> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({ ...columns(input), isReferral })
        .returning();
      await auditCoupon(tx, adminId, 'create', null, row);
      return toCouponDto(row);
    }),
  );
}

export async function listCoupons(db: Db, query: AdminCouponListQuery): Promise<CouponListDto> {
  const filters: SQL[] = [isNull(coupons.deletedAt)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    filters.push(
      or(ilike(coupons.name, pattern), ilike(coupons.code, pattern), ilike(coupons.description, pattern)) as SQL,
    );
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(coupons).where(where);
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...orderWithId(COUPON_SORT_KEYS[query.sort], coupons.id, query.dir))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    coupons: rows.map(toCouponDto),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getCoupon(db: Db, id: string): Promise<CouponDto> {
  return toCouponDto(await liveCouponRow(db, id));
}

/**
 * The kind (referral or not) and the uses so far stay; the limit cannot drop below the uses. A new name is the new
 * code; orders keep the code they were placed with.
 */
export async function updateCoupon(db: Db, adminId: string, id: string, input: CouponValues): Promise<CouponDto> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const current = await liveCouponRow(tx, id, true);
      if (input.limit < current.usedCount) {
        throw validationError({ limit: COUPON_MSG.limitBelowUses(current.usedCount) });
      }
      const [row] = await tx.update(coupons).set(columns(input)).where(eq(coupons.id, id)).returning();
      await auditCoupon(tx, adminId, 'update', current, row);
      return toCouponDto(row);
    }),
  );
}

/** A soft delete: redemptions and past orders keep pointing at the row. */
export async function deleteCoupon(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await liveCouponRow(tx, id, true);
    await tx.update(coupons).set({ deletedAt: new Date() }).where(eq(coupons.id, id));
    await auditCoupon(tx, adminId, 'delete', current, null);
  });
}

export async function toggleCouponBlock(db: Db, adminId: string, id: string): Promise<CouponDto> {
  return db.transaction(async (tx) => {
    const current = await liveCouponRow(tx, id, true);
    const [row] = await tx.update(coupons).set({ isBlocked: !current.isBlocked }).where(eq(coupons.id, id)).returning();
    await auditCoupon(tx, adminId, row.isBlocked ? 'block' : 'unblock', current, row);
    return toCouponDto(row);
  });
}
