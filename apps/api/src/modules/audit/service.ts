import {
  AUDIT_PAGE_SIZE,
  type AuditEntryDto,
  type AuditKind,
  type AuditList,
  type AuditQuery,
} from '@bagshop/shared/audit';
import { addDays, shopDayStart } from '@bagshop/shared/insight';
import { and, asc, count, desc, eq, exists, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';

const adminColumns = { id: users.id, name: users.name, email: users.email };

/** The filters as SQL; the dates are shop days in India, both inclusive. */
function filtersOf(query: AuditQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.adminId) filters.push(eq(auditLog.adminId, query.adminId));
  if (query.kind) filters.push(eq(auditLog.kind, query.kind));
  if (query.startDate) filters.push(gte(auditLog.createdAt, shopDayStart(query.startDate)));
  if (query.endDate) filters.push(lt(auditLog.createdAt, shopDayStart(addDays(query.endDate, 1))));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** Newest first, a page at a time, with everyone who has entries for the administrator filter. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditList> {
  const where = filtersOf(query);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, admin: adminColumns })
    .from(auditLog)
    .innerJoin(users, eq(auditLog.adminId, users.id))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  // One index probe per account rather than a scan of the whole log.
  const admins = await db
    .select(adminColumns)
    .from(users)
    .where(exists(db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.adminId, users.id))))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
  return {
    entries: rows.map(
      ({ entry, admin }): AuditEntryDto => ({
        id: entry.id,
        admin,
        kind: entry.kind as AuditKind,
        action: entry.action,
        entityId: entry.entityId,
        summary: entry.summary,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      }),
    ),
    admins,
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
  };
}
