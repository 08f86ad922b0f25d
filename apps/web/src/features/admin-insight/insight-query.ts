import {
  DEFAULT_INSIGHT_FILTER,
  INSIGHT_FILTERS,
  type InsightFilter,
  type InsightQuery,
  insightQuerySchema,
  REPORT_ORDERS_PAGE_SIZE,
  type ReportFormat,
} from '@bagshop/shared/insight';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors.ts';
import { insightSearch } from '../../api/insight-api.ts';

/** Messages under the period filter's fields. */
export type RangeErrors = Partial<Record<'filter' | 'startDate' | 'endDate', string>>;

const isFilter = (value: string | null): value is InsightFilter =>
  (INSIGHT_FILTERS as readonly (string | null)[]).includes(value);

/** The shared rules, with each message under its field (first message per field). */
export function checkInsightQuery(
  raw: Partial<InsightQuery>,
): { ok: true; query: InsightQuery } | { ok: false; errors: RangeErrors } {
  const parsed = insightQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: RangeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RangeErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The period a URL asks for (?filter=…&startDate=…&endDate=…). An unknown or missing filter is the default one;
 * dates count only for a custom range, which may be wrong in a hand-edited link: then `errors` says why.
 */
export function readInsightQuery(params: URLSearchParams): { query: InsightQuery; errors: RangeErrors } {
  const raw = params.get('filter');
  const filter = isFilter(raw) ? raw : DEFAULT_INSIGHT_FILTER;
  if (filter !== 'custom') return { query: { filter }, errors: {} };
  const query: InsightQuery = {
    filter,
    startDate: params.get('startDate') || undefined,
    endDate: params.get('endDate') || undefined,
  };
  const checked = checkInsightQuery(query);
  return checked.ok ? { query: checked.query, errors: {} } : { query, errors: checked.errors };
}

export const reportDownloadUrl = (query: InsightQuery, format: ReportFormat) =>
  `/api/user/admin/sales-report/download?${insightSearch(query)}&format=${format}`;

/** A picked calendar day (local midnight) as 'YYYY-MM-DD'. */
export function ymdOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' as the calendar day a date picker shows (local midnight). */
export function dateOf(ymd: string | undefined): Date | null {
  if (!ymd || !/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return null;
  const [year, month, day] = ymd.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A refused period (400) is explained by the server, under the fields too; anything else is the screen's text. */
export function loadErrorOf(error: unknown, fallback: string): { message: string; fields: RangeErrors } {
  if (errorStatus(error) === 400) return { message: errorMessage(error, fallback), fields: fieldErrors(error) };
  return { message: fallback, fields: {} };
}

/** Sums rupee amounts to the paisa (adding the paise, not the floating rupees). */

/** 'Delivered ×2, Returned' — each status of an order's items once, with how many items have it. */

/** '21–40 of 57' when the period's orders take more than one page of the report. */
export function pageNote(page: { page: number; pages: number; total: number } | undefined, shown: number) {
  if (!page || page.pages <= 1 || shown === 0) return null;
  const first = (page.page - 1) * REPORT_ORDERS_PAGE_SIZE + 1;
  return `${first}–${first + shown - 1} of ${page.total.toLocaleString('en-IN')}`;
}
