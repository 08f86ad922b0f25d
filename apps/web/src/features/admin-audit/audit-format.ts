import { AUDIT_ACTION_LABELS, type AuditAction } from '@bagshop/shared/audit';
import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';

/** How the audit log reads: shop times (India), actions in words, snapshot fields side by side. */

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** 05 Jan 2025, 10:30:15 am — in the shop's time zone, as the date filters count days. */
export function auditTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? timeFormat.format(time) : iso;
}

/** 'return-approve' → 'Return approved'; an action without a label of its own reads as its words. */
export function actionLabel(action: string): string {
  if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) return AUDIT_ACTION_LABELS[action as AuditAction];
  const words = action.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FIELD_LABELS: Record<string, string> = {
  qty: 'Quantity',
  minAmount: 'Minimum amount',
  maxAmount: 'Maximum amount',
  limit: 'Usage limit',
  usedCount: 'Times used',
  returnRejectReason: 'Return rejection reason',
  deliveredAt: 'Delivered on',
  emailVerified: 'Email verified',
};

/** 'paymentStatus' → 'Payment status'. */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A snapshot value as text: no value as a dash, yes/no, instants in shop time, lists one per line. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? auditTime(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join('\n');
  return JSON.stringify(value);
}

export interface ComparedField {
  key: string;
  label: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Fields read in this order (the stored snapshot does not keep one); others follow by name. */
const FIELD_ORDER = [
  'order',
  'item',
  'code',
  'name',
  'email',
  'phone',
  'type',
  'description',
  'category',
  'brand',
  'color',
  'size',
  'price',
  'offer',
  'quantity',
  'qty',
  'activation',
  'expiry',
  'discount',
  'minAmount',
  'maxAmount',
  'limit',
  'usedCount',
  'status',
  'paymentStatus',
  'cancelReason',
  'returnReason',
  'returnRejectReason',
  'refunded',
  'deliveredAt',
  'images',
  'referral',
  'admin',
  'emailVerified',
  'blocked',
];

function byFieldOrder(a: string, b: string): number {
  const rank = (key: string) => {
    const at = FIELD_ORDER.indexOf(key);
    return at === -1 ? FIELD_ORDER.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * Before and after, field by field, in a fixed reading order. `changed` marks an edit: a created or deleted
 * record has one side only, so nothing is marked.
 */
export function compareSnapshots(before: unknown, after: unknown): ComparedField[] {
  const left = isRecord(before) ? before : before == null ? {} : { value: before };
  const right = isRecord(after) ? after : after == null ? {} : { value: after };
  const both = before != null && after != null;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort(byFieldOrder);
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: left[key],
    after: right[key],
    changed: both && !same(left[key], right[key]),
  }));
}
