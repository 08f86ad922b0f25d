import {
  CONTACT_INBOX_MSG,
  CONTACT_INBOX_PAGE_SIZE,
  type ContactInboxList,
  type ContactInboxQuery,
  type ContactMessageDto,
  type ContactUnreadCount,
} from '@bagshop/shared/contact-inbox';
import { count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { contactMessages } from '../../db/schema/messages.ts';
import { recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';

type Row = typeof contactMessages.$inferSelect;

function toDto(row: Row): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

const FILTERS: Record<ContactInboxQuery['status'], SQL | undefined> = {
  all: undefined,
  unread: isNull(contactMessages.readAt),
  read: isNotNull(contactMessages.readAt),
};

async function countUnread(db: Db): Promise<number> {
  const [{ unread }] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return unread;
}

/** One page of the inbox, newest first, with the inbox-wide unread count for the menu badge. */
export async function listContactMessages(db: Db, query: ContactInboxQuery): Promise<ContactInboxList> {
  const where = FILTERS[query.status];
  const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(where);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_INBOX_PAGE_SIZE)
    .offset((query.page - 1) * CONTACT_INBOX_PAGE_SIZE);
  return {
    messages: rows.map(toDto),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CONTACT_INBOX_PAGE_SIZE)),
    unread: await countUnread(db),
  };
}

export async function unreadContactMessages(db: Db): Promise<ContactUnreadCount> {
  return { unread: await countUnread(db) };
}

const missing = () => notFound(CONTACT_INBOX_MSG.notFound);

/**
 * Marks a message read or unread. The row is locked, so of two administrators opening the same message at once
 * only the first records the change; a mark that changes nothing writes no audit entry.
 */
export async function markContactMessage(
  db: Db,
  adminId: string,
  id: string,
  read: boolean,
): Promise<ContactMessageDto> {
  if (!isUuid(id)) throw missing();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw missing();
    const wasRead = row.readAt !== null;
    if (wasRead === read) return toDto(row);
    const [updated] = await tx
      .update(contactMessages)
      .set({ readAt: read ? sql`now()` : null })
      .where(eq(contactMessages.id, id))
      .returning();
    await recordAudit(tx, adminId, {
      kind: 'contact-message',
      action: read ? 'mark-read' : 'mark-unread',
      entityId: id,
      summary: `Message from ${row.email}`,
      before: { read: wasRead },
      after: { read },
    });
    return toDto(updated);
  });
}

/** Deletes a message (spam, say); the audit entry keeps what it said. */
export async function deleteContactMessage(db: Db, adminId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw missing();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!row) throw missing();
    await recordAudit(tx, adminId, {
      kind: 'contact-message',
      action: 'delete',
      entityId: id,
      summary: `Message from ${row.email}`,
      before: toDto(row),
      after: null,
    });
  });
}
