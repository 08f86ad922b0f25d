import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import { describe, expect, it } from 'vitest';
import { insightParams, insightSearch } from '../../api/insight-api.ts';
import {
  checkInsightQuery,
  dateOf,
  loadErrorOf,
  pageNote,
  readInsightQuery,
  reportDownloadUrl,
  ymdOf,
} from './insight-query.ts';

const read = (search: string) => readInsightQuery(new URLSearchParams(search));

describe('period in the URL', () => {
  it('reads each filter and falls back to the last 7 days', () => {
    expect(read('filter=daily')).toEqual({ query: { filter: 'daily' }, errors: {} });
    expect(read('filter=yearly&startDate=2026-01-01')).toEqual({ query: { filter: 'yearly' }, errors: {} });
    expect(read('')).toEqual({ query: { filter: 'weekly' }, errors: {} });
    expect(read('filter=hourly')).toEqual({ query: { filter: 'weekly' }, errors: {} });
  });

  it('reads a custom range and says what is wrong with a bad one', () => {
    expect(read('filter=custom&startDate=2026-11-15&endDate=2026-11-21')).toEqual({
      query: { filter: 'custom', startDate: '2026-11-15', endDate: '2026-11-21' },
      errors: {},
    });
    expect(read('filter=custom&startDate=2026-11-21&endDate=2026-11-15').errors).toEqual({
      endDate: INSIGHT_MSG.endBeforeStart,
    });
    expect(read('filter=custom').errors).toEqual({
      startDate: INSIGHT_MSG.startDateRequired,
      endDate: INSIGHT_MSG.endDateRequired,
    });
    expect(read('filter=custom&startDate=2026-02-30&endDate=2026-03-01').errors).toEqual({
      startDate: INSIGHT_MSG.dateInvalid,
    });
    expect(read('filter=custom&startDate=2020-01-01&endDate=2026-01-01').errors).toEqual({
      endDate: INSIGHT_MSG.rangeTooLong,
    });
  });

  it('writes the dates only for a custom range, and reads back what it wrote', () => {
    expect(insightSearch({ filter: 'monthly', startDate: '2026-11-15' })).toBe('filter=monthly');
    const custom = { filter: 'custom', startDate: '2026-11-15', endDate: '2026-11-21' } as const;
    expect(insightSearch(custom)).toBe('filter=custom&startDate=2026-11-15&endDate=2026-11-21');
    expect(read(insightSearch(custom)).query).toEqual(custom);
    expect(insightParams(custom)).toEqual({ filter: 'custom', startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(reportDownloadUrl({ filter: 'daily' }, 'csv')).toBe(
      '/api/user/admin/sales-report/download?filter=daily&format=csv',
    );
  });

  it('checks a range with the shared rules', () => {
    expect(checkInsightQuery({ filter: 'custom', startDate: '2026-11-21', endDate: '2026-11-21' })).toEqual({
      ok: true,
      query: { filter: 'custom', startDate: '2026-11-21', endDate: '2026-11-21' },
    });
    expect(checkInsightQuery({ filter: 'custom', endDate: '2026-11-21' })).toEqual({
      ok: false,
      errors: { startDate: INSIGHT_MSG.startDateRequired },
    });
  });
});

describe('days of the period', () => {
  it('turns picked days into shop dates and back', () => {
    expect(ymdOf(new Date(2026, 10, 5))).toBe('2026-11-05');
    expect(dateOf('2026-11-05')?.getTime()).toBe(new Date(2026, 10, 5).getTime());
    expect(dateOf(undefined)).toBeNull();
    expect(dateOf('5 Nov')).toBeNull();
  });
});

describe('report figures', () => {
  it('says which orders a page of the report shows', () => {
    expect(pageNote({ page: 2, pages: 3, total: 57 }, 20)).toBe('21–40 of 57');
    expect(pageNote({ page: 3, pages: 3, total: 57 }, 17)).toBe('41–57 of 57');
    expect(pageNote({ page: 1, pages: 1, total: 4 }, 4)).toBeNull();
    expect(pageNote(undefined, 4)).toBeNull();
  });

  it('explains a refused range with the server’s words, anything else with the screen’s', () => {
    const refused = {
      status: 400,
      data: { message: 'Bad range', code: 'VALIDATION', fields: { endDate: INSIGHT_MSG.endBeforeStart } },
    };
    expect(loadErrorOf(refused, 'fallback')).toEqual({
      message: 'Bad range',
      fields: { endDate: INSIGHT_MSG.endBeforeStart },
    });
    expect(loadErrorOf({ status: 500, data: { message: 'Boom' } }, 'fallback')).toEqual({
      message: 'fallback',
      fields: {},
    });
    expect(loadErrorOf({ status: 'FETCH_ERROR', error: 'offline' }, 'fallback').message).toBe('fallback');
  });
});
