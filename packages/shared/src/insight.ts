import { z } from 'zod';
import { INSIGHT_MSG } from './insight-messages.ts';
import { DATE_YEARS } from './limits.ts';

/**
 * Periods of the dashboard and the sales report. Days are the shop's days in India (UTC+05:30, no daylight
 * saving), so "today" for the owner is the same whichever server runs the report.
 */
export const INSIGHT_FILTERS = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type InsightFilter = (typeof INSIGHT_FILTERS)[number];
export const INSIGHT_FILTER_LABELS: Record<InsightFilter, string> = {
  daily: 'Today',
  weekly: 'Last 7 days',
  monthly: 'Last 30 days',
  yearly: 'Last 12 months',
  custom: 'Custom range',
};
export const DEFAULT_INSIGHT_FILTER: InsightFilter = 'weekly';
export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export { SHOP_TIME_ZONE } from './limits.ts';

export type Bucket = 'hour' | 'day' | 'month';
const SHOP_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_RANGE_DAYS = 5 * 366;
/** Custom ranges up to this many days are charted per day, longer ones per month. */
const MAX_DAILY_BUCKETS = 92;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A Date whose UTC fields read the shop's clock in India (for day keys, and spreadsheet cells that have no zone). */
export function shopClock(date: Date): Date {
  return new Date(date.getTime() + SHOP_OFFSET_MS);
}

/** 'YYYY-MM-DD' of the shop's day that contains `date`. */
export function shopDate(date: Date): string {
  return shopClock(date).toISOString().slice(0, 10);
}

/** The instant the shop's day `ymd` begins. */
export function shopDayStart(ymd: string): Date {
  return new Date(Date.parse(`${ymd}T00:00:00.000Z`) - SHOP_OFFSET_MS);
}

export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real 'YYYY-MM-DD' day of the years the shop takes: 2026-02-30 is not one, nor is 0000-01-01. */
export function isCalendarDate(ymd: string): boolean {
  if (!YMD.test(ymd)) return false;
  const year = Number(ymd.slice(0, 4));
  if (year < DATE_YEARS.first || year > DATE_YEARS.last) return false;
  return !Number.isNaN(Date.parse(`${ymd}T00:00:00.000Z`)) && addDays(ymd, 0) === ymd;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** A shop day in a query: 'YYYY-MM-DD'. */
export const dateField = z
  .string({ error: INSIGHT_MSG.dateInvalid })
  .max(10, { error: INSIGHT_MSG.dateInvalid })
  .refine(isCalendarDate, { error: INSIGHT_MSG.dateInvalid });

const insightShape = {
  filter: z.enum(INSIGHT_FILTERS, { error: INSIGHT_MSG.filterInvalid }).default(DEFAULT_INSIGHT_FILTER),
  startDate: dateField.optional(),
  endDate: dateField.optional(),
};

type InsightShape = { filter: InsightFilter; startDate?: string; endDate?: string };

function checkCustomRange(value: InsightShape, ctx: z.core.$RefinementCtx<InsightShape>) {
  if (value.filter !== 'custom') return;
  const { startDate, endDate } = value;
  if (!startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: INSIGHT_MSG.startDateRequired });
  if (!endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: INSIGHT_MSG.endDateRequired });
  if (!startDate || !endDate) return;
  if (endDate < startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: INSIGHT_MSG.endBeforeStart });
  else if (daysBetween(startDate, endDate) >= MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: INSIGHT_MSG.rangeTooLong });
  }
}

/** Query of GET /api/user/admin/dashboard and /sales-report: the dates count only with filter=custom. */
export const insightQuerySchema = z.strictObject(insightShape).superRefine(checkCustomRange);
export type InsightQuery = z.output<typeof insightQuerySchema>;

/** The report's order rows come a page at a time on screen; the downloads carry them all. */
export const REPORT_ORDERS_PAGE_SIZE = 20;

export const salesReportQuerySchema = z
  .strictObject({
    ...insightShape,
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
  })
  .superRefine(checkCustomRange);

export const reportDownloadQuerySchema = z
  .strictObject({ ...insightShape, format: z.enum(REPORT_FORMATS, { error: INSIGHT_MSG.formatInvalid }) })
  .superRefine(checkCustomRange);

export interface InsightPeriod {
  filter: InsightFilter;
  /** First and last shop day of the period, inclusive. */
  startDate: string;
  endDate: string;
  bucket: Bucket;
}

/** The shop days a filter covers at `now`: today; the last 7 or 30 days; the last 12 calendar months; or the range. */
export function insightPeriod(query: InsightShape, now = new Date()): InsightPeriod {
  const today = shopDate(now);
  switch (query.filter) {
    case 'daily':
      return { filter: 'daily', startDate: today, endDate: today, bucket: 'hour' };
    case 'weekly':
      return { filter: 'weekly', startDate: addDays(today, -6), endDate: today, bucket: 'day' };
    case 'monthly':
      return { filter: 'monthly', startDate: addDays(today, -29), endDate: today, bucket: 'day' };
    case 'yearly': {
      const [year, month] = today.split('-').map(Number);
      const first = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
      return { filter: 'yearly', startDate: first, endDate: today, bucket: 'month' };
    }
    case 'custom': {
      const startDate = query.startDate ?? today;
      const endDate = query.endDate ?? startDate;
      const bucket = daysBetween(startDate, endDate) < MAX_DAILY_BUCKETS ? 'day' : 'month';
      return { filter: 'custom', startDate, endDate, bucket };
    }
  }
}

/** The instants a period covers: from its first day's start (inclusive) to the day after its last (exclusive). */
export function periodInstants(period: InsightPeriod): { from: Date; to: Date } {
  return { from: shopDayStart(period.startDate), to: shopDayStart(addDays(period.endDate, 1)) };
}

/** The chart bucket of an instant: 'YYYY-MM-DDTHH' per hour, 'YYYY-MM-DD' per day, 'YYYY-MM' per month. */
export function bucketKeyOf(date: Date, bucket: Bucket): string {
  const local = shopClock(date).toISOString();
  if (bucket === 'hour') return local.slice(0, 13);
  return bucket === 'day' ? local.slice(0, 10) : local.slice(0, 7);
}

/** Every bucket of the period in order, so a chart shows the quiet hours, days and months as zero. */
export function bucketKeys(period: InsightPeriod): string[] {
  const keys: string[] = [];
  if (period.bucket === 'hour') {
    for (let h = 0; h < 24; h++) keys.push(`${period.startDate}T${String(h).padStart(2, '0')}`);
    return keys;
  }
  for (let day = period.startDate; day <= period.endDate; day = addDays(day, 1)) {
    const key = period.bucket === 'day' ? day : day.slice(0, 7);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '09:00', '21 Nov', 'Nov 2026'. */
export function bucketLabel(key: string, bucket: Bucket): string {
  if (bucket === 'hour') return `${key.slice(11, 13)}:00`;
  const month = MONTHS[Number(key.slice(5, 7)) - 1];
  return bucket === 'day' ? `${Number(key.slice(8, 10))} ${month}` : `${month} ${key.slice(0, 4)}`;
}

/** '15 Nov 2026' of a 'YYYY-MM-DD' shop day. */
export function dayText(ymd: string): string {
  return `${Number(ymd.slice(8, 10))} ${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(0, 4)}`;
}

/** '15 Nov 2026 – 21 Nov 2026', or the one day alone. */
export function periodDaysText(period: Pick<InsightPeriod, 'startDate' | 'endDate'>): string {
  const start = dayText(period.startDate);
  return period.startDate === period.endDate ? start : `${start} – ${dayText(period.endDate)}`;
}

/** 'sales-report-2026-11-15-to-2026-11-21.xlsx'; a one-day report is named after its day. */
export function reportFileName(period: Pick<InsightPeriod, 'startDate' | 'endDate'>, format: ReportFormat): string {
  const { startDate, endDate } = period;
  return `sales-report-${startDate === endDate ? startDate : `${startDate}-to-${endDate}`}.${format}`;
}
