import { z } from 'zod';
import { dateField } from './insight.ts';
import { INSIGHT_MSG } from './insight-messages.ts';

/** What an administrator's write touched; the audit log filters by it. */
export const AUDIT_KINDS = ['user', 'category', 'product', 'offer', 'coupon', 'order', 'contact-message'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  user: 'User',
  category: 'Category',
  product: 'Product',
  offer: 'Offer',
  coupon: 'Coupon',
  order: 'Order',
  'contact-message': 'Contact message',
};

/** What an administrator did; the audit log names each in words. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'block',
  'unblock',
  'status',
  'images',
  'return-approve',
  'return-reject',
  'mark-read',
  'mark-unread',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  block: 'Blocked',
  unblock: 'Unblocked',
  status: 'Status changed',
  images: 'Images changed',
  'return-approve': 'Return approved',
  'return-reject': 'Return rejected',
  'mark-read': 'Mark read',
  'mark-unread': 'Mark unread',
};

export interface AuditEntryDto {
  id: string;
  admin: { id: string; name: string; email: string };
  kind: AuditKind;
  action: AuditAction;
  entityId: string;
  summary: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditList {
  entries: AuditEntryDto[];
  /** Everyone who has written something, for the admin filter. */
  admins: { id: string; name: string; email: string }[];
  total: number;
  page: number;
  pages: number;
}

/** GET /api/user/admin/audit: dates are shop days (India), both inclusive. */
export const auditQuerySchema = z
  .strictObject({
    adminId: z.uuid({ error: 'Choose an administrator' }).optional(),
    kind: z.enum(AUDIT_KINDS, { error: 'Choose a kind' }).optional(),
    startDate: dateField.optional(),
    endDate: dateField.optional(),
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    error: INSIGHT_MSG.endBeforeStart,
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

/** Texts of the audit log screen. */
export const AUDIT_MSG = {
  title: 'Audit Log',
  loadFailed: 'We could not load the audit log. Please try again.',
  noEntries: 'No audit entries match these filters',
  nothingYet: 'No changes recorded yet. Every change an administrator makes will be listed here.',
  allAdmins: 'All administrators',
  allKinds: 'All kinds',
} as const;
