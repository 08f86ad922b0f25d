import type { AuditAction, AuditKind } from '@bagshop/shared/audit';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per administrator write, inserted in the same transaction as the write it describes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<AuditKind>().notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    entityId: text('entity_id').notNull(),
    /** What was changed, in words an owner reads: 'Product "Trail Pack"'. */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
    index('audit_log_kind_idx').on(t.kind, t.createdAt),
  ],
);
