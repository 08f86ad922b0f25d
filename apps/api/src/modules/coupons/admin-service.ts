import crypto from 'node:crypto';
import type { AuditAction } from '@bagshop/shared/audit';
import { PAGE_SIZES } from '@bagshop/shared/catalogue';
import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { toPaise } from '@bagshop/shared/pricing/money';
import type { CouponDto, CouponListDto, CouponValues } from '@bagshop/shared/schemas/coupons';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation, isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { CouponRow } from './coupon-rules.ts';
import { toCouponDto } from './coupon-view.ts';

const PAGE = PAGE_SIZES.admin;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const couponNotFound = () => new AppError('NOT_FOUND', COUPON_MSG.notFound);

/** 8 uppercase letters and digits from a crypto RNG. */
export function newCouponCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
}

function columns(input: CouponValues) {
  return {
    name: input.name,
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
    summary: `${subject.isReferral ? 'Referral coupon' : 'Coupon'} "${subject.name}" (${subject.code})`,
    before: before && couponSnapshot(before),
    after: after && couponSnapshot(after),
  });
}

/** A new coupon with a fresh code; a code already taken by a live coupon is drawn again. */
export async function createCoupon(
  db: Db,
  adminId: string,
  input: CouponValues,
  isReferral: boolean,
): Promise<CouponDto> {
  for (let attempt = 0; ; attempt++) {
    try {
      // One transaction per draw: a taken code aborts only that attempt.
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ ...columns(input), code: newCouponCode(), isReferral })
          .returning();
        await auditCoupon(tx, adminId, 'create', null, row);
        return toCouponDto(row);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export async function listCoupons(db: Db, query: { keyword?: string; page: number }): Promise<CouponListDto> {
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
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(PAGE)
    .offset((query.page - 1) * PAGE);
  return {
    coupons: rows.map(toCouponDto),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / PAGE)),
  };
}

export async function getCoupon(db: Db, id: string): Promise<CouponDto> {
  return toCouponDto(await liveCouponRow(db, id));
}

/** The code, the kind (referral or not) and the uses so far stay; the limit cannot drop below the uses. */
export async function updateCoupon(db: Db, adminId: string, id: string, input: CouponValues): Promise<CouponDto> {
  return db.transaction(async (tx) => {
    const current = await liveCouponRow(tx, id, true);
    if (input.limit < current.usedCount) throw validationError({ limit: COUPON_MSG.limitBelowUses(current.usedCount) });
    const [row] = await tx.update(coupons).set(columns(input)).where(eq(coupons.id, id)).returning();
    await auditCoupon(tx, adminId, 'update', current, row);
    return toCouponDto(row);
  });
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
