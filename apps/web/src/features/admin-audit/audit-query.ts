import { type AuditQuery, auditQuerySchema } from '@bagshop/shared/audit';

export type AuditFilterField = 'adminId' | 'kind' | 'startDate' | 'endDate';
export type AuditFilterErrors = Partial<Record<AuditFilterField | 'page', string>>;

const FIELDS: readonly (AuditFilterField | 'page')[] = ['adminId', 'kind', 'startDate', 'endDate', 'page'];

/**
 * The filters and page of the audit log from the URL, checked with the server's own schema. A hand-edited link
 * with a bad value keeps the good ones and names the bad field.
 */
export function readAuditQuery(params: URLSearchParams): { query: AuditQuery; errors: AuditFilterErrors } {
  const raw: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value) raw[field] = value;
  }
  const errors: AuditFilterErrors = {};
  // Rules across fields (the end after the start) are checked only once each field is fine: drop and parse again.
  for (let round = 0; round < FIELDS.length; round++) {
    const parsed = auditQuerySchema.safeParse(raw);
    if (parsed.success) return { query: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AuditFilterField | 'page';
      errors[field] ??= issue.message;
      delete raw[field];
    }
  }
  return { query: { page: 1 }, errors };
}

/** The URL search of a query: empty filters and the first page are left out. */
export function auditSearch(query: Partial<AuditQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = query[field];
    if (value !== undefined && value !== '' && !(field === 'page' && value === 1)) params.set(field, String(value));
  }
  return params;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a picked calendar day (the picker gives local midnight). */
export function ymdOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The picker's value for a 'YYYY-MM-DD' day. */
export function dateOf(ymd: string | undefined): Date | null {
  if (!ymd) return null;
  const [year, month, day] = ymd.split('-').map(Number);
  return new Date(year, month - 1, day);
}
