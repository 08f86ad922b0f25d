import type { AuditAction, AuditKind } from '@bagshop/shared/audit';
import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

export interface AuditEntry {
  kind: AuditKind;
  action: AuditAction;
  entityId: string;
  summary: string;
  /** Snapshots of the record; null when it did not exist before (create) or after (delete). */
  before: unknown;
  after: unknown;
}

const SECRET_KEY = /password|token|secret|otp|hash/i;

/** Snapshots keep their shape but never a credential, whatever record a caller passes in. */
function withoutSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

/**
 * Records an administrator's write. It takes the transaction of the write itself, so the entry and the change
 * commit or roll back together.
 */
export async function recordAudit(tx: Tx, adminId: string, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId,
    kind: entry.kind,
    action: entry.action,
    entityId: entry.entityId,
    summary: entry.summary,
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
}
