import { describe, expect, it } from 'vitest';
import {
  bucketKeyOf,
  bucketKeys,
  bucketLabel,
  dayText,
  insightPeriod,
  insightQuerySchema,
  periodDaysText,
  periodInstants,
  reportDownloadQuerySchema,
  reportFileName,
  shopDate,
} from './insight.ts';
import { INSIGHT_MSG } from './insight-messages.ts';

// 21 Nov 2026, 20:00 UTC is already 22 Nov, 01:30 in India.
const NOW = new Date('2026-11-21T20:00:00Z');

describe('insight periods (shop days in India)', () => {
  it.each([
    ['daily', '2026-11-22', '2026-11-22', 'hour', 24],
    ['weekly', '2026-11-16', '2026-11-22', 'day', 7],
    ['monthly', '2026-10-24', '2026-11-22', 'day', 30],
    ['yearly', '2025-12-01', '2026-11-22', 'month', 12],
  ] as const)('%s covers %s to %s per %s (%i buckets)', (filter, startDate, endDate, bucket, buckets) => {
    const period = insightPeriod({ filter }, NOW);
    expect(period).toEqual({ filter, startDate, endDate, bucket });
    expect(bucketKeys(period)).toHaveLength(buckets);
  });

  it('a custom range is charted per day up to 92 days and per month beyond', () => {
    const short = insightPeriod({ filter: 'custom', startDate: '2026-01-01', endDate: '2026-04-02' }, NOW);
    expect(short.bucket).toBe('day');
    expect(bucketKeys(short)).toHaveLength(92);
    const long = insightPeriod({ filter: 'custom', startDate: '2026-01-01', endDate: '2026-04-03' }, NOW);
    expect(long.bucket).toBe('month');
    expect(bucketKeys(long)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
  });

  it('a period runs from midnight in India of its first day to midnight after its last', () => {
    const { from, to } = periodInstants(insightPeriod({ filter: 'daily' }, NOW));
    expect(from.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(to.toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });

  it('instants fall in the bucket of their Indian time', () => {
    expect(shopDate(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(shopDate(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    expect(bucketKeyOf(new Date('2026-11-21T18:30:00Z'), 'hour')).toBe('2026-11-22T00');
    expect(bucketKeyOf(new Date('2026-11-30T19:00:00Z'), 'month')).toBe('2026-12');
  });

  it('names days, periods and report files the same way on screen and in the downloads', () => {
    expect(dayText('2026-01-05')).toBe('5 Jan 2026');
    expect(periodDaysText({ startDate: '2026-11-15', endDate: '2026-11-21' })).toBe('15 Nov 2026 – 21 Nov 2026');
    expect(periodDaysText({ startDate: '2026-01-05', endDate: '2026-01-05' })).toBe('5 Jan 2026');
    expect(reportFileName({ startDate: '2026-11-15', endDate: '2026-11-21' }, 'xlsx')).toBe(
      'sales-report-2026-11-15-to-2026-11-21.xlsx',
    );
    expect(reportFileName({ startDate: '2026-11-21', endDate: '2026-11-21' }, 'pdf')).toBe(
      'sales-report-2026-11-21.pdf',
    );
  });

  it.each([
    ['2026-11-22T09', 'hour', '09:00'],
    ['2026-11-02', 'day', '2 Nov'],
    ['2026-01', 'month', 'Jan 2026'],
  ] as const)('labels %s as %s', (key, bucket, label) => {
    expect(bucketLabel(key, bucket)).toBe(label);
  });
});

describe('insight query', () => {
  const fields = (query: object) => {
    const result = insightQuerySchema.safeParse(query);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('defaults to the last 7 days and ignores nothing else', () => {
    expect(insightQuerySchema.parse({})).toEqual({ filter: 'weekly' });
    expect(fields({ filter: 'weekly', extra: '1' })).not.toEqual({});
  });

  it.each([
    [{ filter: 'hourly' }, { filter: INSIGHT_MSG.filterInvalid }],
    [{ filter: 'custom' }, { startDate: INSIGHT_MSG.startDateRequired, endDate: INSIGHT_MSG.endDateRequired }],
    [{ filter: 'custom', startDate: '2026-11-10', endDate: '2026-11-09' }, { endDate: INSIGHT_MSG.endBeforeStart }],
    [{ filter: 'custom', startDate: '2026-02-30', endDate: '2026-03-01' }, { startDate: INSIGHT_MSG.dateInvalid }],
    [{ filter: 'custom', startDate: '20-11-2026', endDate: '2026-11-01' }, { startDate: INSIGHT_MSG.dateInvalid }],
    [
      { filter: 'custom', startDate: '0000-01-01', endDate: '0000-01-02' },
      { startDate: INSIGHT_MSG.dateInvalid, endDate: INSIGHT_MSG.dateInvalid },
    ],
    [
      { filter: 'custom', startDate: '9999-12-30', endDate: '9999-12-31' },
      { startDate: INSIGHT_MSG.dateInvalid, endDate: INSIGHT_MSG.dateInvalid },
    ],
    [
      { filter: 'custom', startDate: `2026-11-01${'x'.repeat(5000)}`, endDate: '2026-11-02' },
      { startDate: INSIGHT_MSG.dateInvalid },
    ],
    [{ filter: 'custom', startDate: '2020-01-01', endDate: '2026-01-01' }, { endDate: INSIGHT_MSG.rangeTooLong }],
    [{ filter: 'custom', startDate: '2026-11-09', endDate: '2026-11-09' }, {}],
  ])('%o → %o', (query, expected) => {
    expect(fields(query)).toEqual(expected);
  });

  it('a download names its format', () => {
    expect(reportDownloadQuerySchema.safeParse({ format: 'docx' }).error?.issues[0].message).toBe(
      INSIGHT_MSG.formatInvalid,
    );
    expect(reportDownloadQuerySchema.parse({ format: 'xlsx' })).toEqual({ filter: 'weekly', format: 'xlsx' });
  });
});
