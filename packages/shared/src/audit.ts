import { z } from 'zod';
import { dateField } from './insight.ts';
import { INSIGHT_MSG } from './insight-messages.ts';
import { pagePosition, timestamp } from './schemas/answers.ts';

/** What an administrator's write touched; the audit log filters by it. */
export const AUDIT_KINDS = [
  'user',
  'category',
  'product',
  'offer',
  'coupon',
  'order',
  'contact-message',
  'search-synonyms',
  'catalogue-import',
  'price-rounding',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  user: 'User',
  category: 'Category',
  product: 'Product',
  offer: 'Offer',
  coupon: 'Coupon',
  order: 'Order',
  'contact-message': 'Contact message',
  'search-synonyms': 'Search synonyms',
  'catalogue-import': 'Catalogue import',
  'price-rounding': 'Price rounding',
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
  'ship',
  'ship-cancel',
  'import',
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
  ship: 'Shipment booked',
  'ship-cancel': 'Shipment cancelled',
  import: 'Imported',
};

const ADMIN_EXAMPLE = {
  id: '3a9d7e1c-5b2f-4c8a-9e6d-0f1b2c3d4e5f',
  name: 'Meera Iyer',
  email: 'meera@bagshop.example',
};
const ENTRY_EXAMPLE = {
  id: '9e4b2d6f-1a3c-4e5b-8d7f-2c4e6a8b0d1f',
  admin: ADMIN_EXAMPLE,
  kind: 'product' as const,
  action: 'update' as const,
  entityId: '6d2f8b4a-0c1e-4a3b-9d5f-7e9a1c3b5d7f',
  summary: 'Wildcraft Trailblazer 30 L',
  before: { price: 2499, quantity: 12 },
  after: { price: 2199, quantity: 12 },
  createdAt: '2026-11-24T09:30:00.000Z',
};

const auditAdmin = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** An administrator's write: what it touched, and the record before and after (JSON, as stored). */
export const auditEntryAnswer = z
  .object({
    id: z.string(),
    admin: auditAdmin,
    kind: z.enum(AUDIT_KINDS),
    action: z.enum(AUDIT_ACTIONS),
    entityId: z.string(),
    summary: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: timestamp,
  })
  .meta({ id: 'AuditEntry', examples: [ENTRY_EXAMPLE] });
export type AuditEntryDto = z.infer<typeof auditEntryAnswer>;

/** GET /api/user/admin/audit: one page of entries, newest first, and every administrator who has written. */
export const auditListAnswer = z
  .object({
    entries: z.array(auditEntryAnswer),
    /** Everyone who has written something, for the admin filter. */
    admins: z.array(auditAdmin),
    ...pagePosition,
  })
  .meta({ examples: [{ entries: [ENTRY_EXAMPLE], admins: [ADMIN_EXAMPLE], total: 1, page: 1, pages: 1 }] });
export type AuditList = z.infer<typeof auditListAnswer>;

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
