import type { AuditAction } from '@bagshop/shared/audit';
import { MSG } from '@bagshop/shared/messages';
import type { AdminUserListQuery, BulkBlockInput, UserSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminUserList, AdminUserRow } from '@bagshop/shared/types';
import { and, count, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../../db/schema/users.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { eraseUserData } from './erase.ts';
import { toAdminRow } from './profile.ts';

const USER_SORT_KEYS: Record<UserSort, AnyPgColumn | SQL> = {
  createdAt: users.createdAt,
  name: textKey(users.name),
  email: textKey(users.email),
};

/** Typed text is matched literally: the LIKE wildcards and the escape character lose their meaning. */
export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  const filters: SQL[] = [isNull(users.deletedAt)];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderWithId(USER_SORT_KEYS[query.sort], users.id, query.dir))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    users: rows.map(toAdminRow),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

async function liveUser(db: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!user) throw notFound();
  return user;
}

export async function getUser(db: Db, id: string): Promise<AdminUserRow> {
  return toAdminRow(await liveUser(db, id));
}

/** What the admin sees of a user, for the audit log. */
function userSnapshot(u: AdminUserRow) {
  return {
    name: u.name,
    email: u.email,
    phone: u.phone,
    admin: u.isAdmin,
    emailVerified: u.emailVerified,
    blocked: !u.isExist,
  };
}

function auditUser(tx: Tx, adminId: string, action: AuditAction, before: AdminUserRow, after: AdminUserRow | null) {
  return recordAudit(tx, adminId, {
    kind: 'user',
    action,
    entityId: before._id,
    summary: `User ${before.email}`,
    before: userSnapshot(before),
    after: after && userSnapshot(after),
  });
}

async function lockLiveUser(tx: Tx, id: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  if (!user) throw notFound();
  return user;
}

type UserDeps = Pick<AppDeps, 'db' | 'realtime'>;

/**
 * Blocking ends the user's sessions in the same transaction (their access token fails at the next request) and,
 * once committed, their live connections.
 */
export async function toggleBlock({ db, realtime }: UserDeps, adminId: string, id: string): Promise<AdminUserRow> {
  if (id === adminId) throw new AppError('CONFLICT', MSG.cannotBlockSelf);
  await liveUser(db, id);
  const user = await db.transaction(async (tx) => {
    const current = await lockLiveUser(tx, id);
    const [row] = await tx
      .update(users)
      .set({ isBlocked: !current.isBlocked, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (row.isBlocked) await revokeUserSessions(tx, id);
    const after = toAdminRow(row);
    await auditUser(tx, adminId, row.isBlocked ? 'block' : 'unblock', toAdminRow(current), after);
    return after;
  });
  if (!user.isExist) realtime.endConnections(id);
  return user;
}

/**
 * A soft delete: orders keep their customer and invoices what the law keeps, the rest of the user's personal data goes
 * (`eraseUserData`), and the email is free for a new registration.
 */
export async function deleteUser({ db, realtime }: UserDeps, adminId: string, id: string): Promise<void> {
  if (id === adminId) throw new AppError('CONFLICT', MSG.cannotDeleteSelf);
  await liveUser(db, id);
  await db.transaction(async (tx) => {
    const current = await lockLiveUser(tx, id);
    const now = new Date();
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id));
    await eraseUserData(tx, id, now);
    await revokeUserSessions(tx, id);
    await auditUser(tx, adminId, 'delete', toAdminRow(current), null);
  });
  realtime.endConnections(id);
}

/**
 * Blocks or unblocks the live users named, in one transaction; answers how many changed. Blocking ends their
 * sessions there and then, and their live connections once committed. The administrator cannot block themself.
 */
export async function bulkBlockUsers({ db, realtime }: UserDeps, adminId: string, input: BulkBlockInput) {
  const blocked = input.action === 'block';
  if (blocked && input.ids.includes(adminId)) throw new AppError('CONFLICT', MSG.cannotBlockSelf);
  const changed = await db.transaction(async (tx) => {
    const changing = await tx
      .select()
      .from(users)
      .where(and(inArray(users.id, input.ids), isNull(users.deletedAt), ne(users.isBlocked, blocked)))
      .orderBy(users.id)
      .for('update');
    for (const current of changing) {
      const [row] = await tx
        .update(users)
        .set({ isBlocked: blocked, updatedAt: new Date() })
        .where(eq(users.id, current.id))
        .returning();
      if (blocked) await revokeUserSessions(tx, current.id);
      await auditUser(tx, adminId, blocked ? 'block' : 'unblock', toAdminRow(current), toAdminRow(row));
    }
    return changing.map((u) => u.id);
  });
  if (blocked) for (const id of changed) realtime.endConnections(id);
  return changed.length;
}
