/**
 * Return periods of GST, read in India time (docs/decisions/042-gst-on-what-is-paid.md): a month 'YYYY-MM' or a
 * calendar quarter 'YYYY-Qn' (Q1 = January–March), whose return carries its last month as `fp` ('MMYYYY').
 */

/** India is UTC+5:30 all year: an order at 23:50 IST on the 31st belongs to that month. */
const INDIA_OFFSET_MS = 330 * 60 * 1000;

export const GST_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface GstPeriod {
  /** As asked: '2026-11' or '2026-Q4'. */
  period: string;
  /** The first instant of the period (midnight India time of its first day). */
  from: Date;
  /** The first instant after it. */
  to: Date;
  /** The return's `fp`: the period's last month as 'MMYYYY'. */
  fp: string;
  /** 'November 2026' or 'October–December 2026'. */
  label: string;
}

const indiaMidnight = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1) - INDIA_OFFSET_MS);

/** The period named, or null for anything that is not 'YYYY-MM' or 'YYYY-Qn' (years 2017 on, when GST began). */
export function gstPeriodOf(period: string): GstPeriod | null {
  const match = GST_PERIOD_PATTERN.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2017 || year > 2099) return null;
  const quarter = match[2].startsWith('Q') ? Number(match[2].slice(1)) : null;
  const first = quarter ? (quarter - 1) * 3 : Number(match[2]) - 1;
  const last = quarter ? first + 2 : first;
  return {
    period,
    from: indiaMidnight(year, first),
    to: indiaMidnight(year, last + 1),
    fp: `${String(last + 1).padStart(2, '0')}${year}`,
    label: quarter ? `${MONTHS[first]}–${MONTHS[last]} ${year}` : `${MONTHS[first]} ${year}`,
  };
}

/** India date 'YYYY-MM-DD' of an instant. */
const indiaDay = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** A period's first and last day, India time, 'YYYY-MM-DD': the dates a sales report of the same days asks for. */
export function gstPeriodDays(period: GstPeriod): { firstDay: string; lastDay: string } {
  return { firstDay: indiaDay(period.from), lastDay: indiaDay(new Date(period.to.getTime() - 1)) };
}

/** The month an instant falls in, in India time: '2026-11'. */
export function gstMonthOf(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  return `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month before the one `at` falls in, India time: a month's return is filed once the month is over. */
export function previousGstMonthOf(at: Date): string {
  const [year, month] = gstMonthOf(at).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The calendar quarter a month 'YYYY-MM' falls in ('2026-11' → '2026-Q4'); a quarter is its own. */
export function gstQuarterOf(period: string): string {
  const match = GST_PERIOD_PATTERN.exec(period);
  if (!match) throw new RangeError(`${period} is not a return period`);
  if (match[2].startsWith('Q')) return period;
  return `${match[1]}-Q${Math.ceil(Number(match[2]) / 3)}`;
}

/** 'dd-mm-yyyy' in India time, as the GST portal writes dates. */
export function gstDateOf(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(india.getUTCDate())}-${two(india.getUTCMonth() + 1)}-${india.getUTCFullYear()}`;
}
