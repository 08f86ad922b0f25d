import { describe, expect, it } from 'vitest';
import { gstDateOf, gstMonthOf, gstPeriodDays, gstPeriodOf, gstQuarterOf, previousGstMonthOf } from './periods.ts';

describe('GST return periods (India time)', () => {
  it('reads a month from midnight IST on its first day to midnight IST on the next month', () => {
    const november = gstPeriodOf('2026-11');
    expect(november).toEqual({
      period: '2026-11',
      from: new Date('2026-10-31T18:30:00.000Z'),
      to: new Date('2026-11-30T18:30:00.000Z'),
      fp: '112026',
      label: 'November 2026',
    });
  });

  it('puts an order at 23:50 IST on the 31st in that month, and one at 00:10 IST in the next', () => {
    expect(gstMonthOf(new Date('2026-10-31T18:20:00.000Z'))).toBe('2026-10');
    expect(gstMonthOf(new Date('2026-10-31T18:40:00.000Z'))).toBe('2026-11');
    expect(gstDateOf(new Date('2026-10-31T18:20:00.000Z'))).toBe('31-10-2026');
  });

  it('reads a quarter as three months, filed with its last month', () => {
    expect(gstPeriodOf('2026-Q4')).toMatchObject({
      from: new Date('2026-09-30T18:30:00.000Z'),
      to: new Date('2026-12-31T18:30:00.000Z'),
      fp: '122026',
      label: 'October–December 2026',
    });
    expect(gstPeriodOf('2027-Q1')?.fp).toBe('032027');
  });

  it('offers the month before, India time, as the one to file', () => {
    // 1 December 00:10 IST is still 30 November in UTC: December has begun, so November is due.
    expect(previousGstMonthOf(new Date('2026-11-30T18:40:00.000Z'))).toBe('2026-11');
    expect(previousGstMonthOf(new Date('2026-11-30T18:20:00.000Z'))).toBe('2026-10');
    expect(previousGstMonthOf(new Date('2027-01-15T06:00:00.000Z'))).toBe('2026-12');
  });

  it('gives the first and last day of a month or a quarter as India dates', () => {
    const days = (period: string) => {
      const known = gstPeriodOf(period);
      return known && gstPeriodDays(known);
    };
    expect(days('2026-11')).toEqual({ firstDay: '2026-11-01', lastDay: '2026-11-30' });
    expect(days('2028-02')).toEqual({ firstDay: '2028-02-01', lastDay: '2028-02-29' });
    expect(days('2026-Q4')).toEqual({ firstDay: '2026-10-01', lastDay: '2026-12-31' });
  });

  it('names the quarter a month falls in', () => {
    expect(gstQuarterOf('2026-01')).toBe('2026-Q1');
    expect(gstQuarterOf('2026-03')).toBe('2026-Q1');
    expect(gstQuarterOf('2026-11')).toBe('2026-Q4');
    expect(gstQuarterOf('2026-Q2')).toBe('2026-Q2');
  });

  it.each(['2026-13', '2026-00', '2026-Q5', '26-11', '2016-12', '2026-11-01', ''])('refuses %j', (period) => {
    expect(gstPeriodOf(period)).toBeNull();
  });
});
