import type { InsightQuery } from '@bagshop/shared/insight';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import { api, LIST_KEEP_SECONDS } from './api.ts';

/** The query string of a period, dates only for a custom range: 'filter=custom&startDate=…&endDate=…'. */
export function insightSearch(query: InsightQuery): string {
  const params = new URLSearchParams({ filter: query.filter });
  if (query.filter === 'custom') {
    if (query.startDate) params.set('startDate', query.startDate);
    if (query.endDate) params.set('endDate', query.endDate);
  }
  return params.toString();
}

/** The API's query parameters of a period. */
export function insightParams(query: InsightQuery): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(insightSearch(query)));
}

/** The dashboard and the sales report; the sales report's totals are also shown beside the GST return. */
export const insightApi = api.injectEndpoints({
  endpoints: (build) => ({
    insightDashboard: build.query<DashboardDto, InsightQuery>({
      query: (query) => ({ url: '/api/user/admin/dashboard', params: insightParams(query) }),
      providesTags: ['Insight'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
    /** Products and totals in full; the order rows one page at a time. */
    salesReport: build.query<SalesReportDto, { query: InsightQuery; page: number }>({
      query: ({ query, page }) => ({
        url: '/api/user/admin/sales-report',
        params: { ...insightParams(query), page: String(page) },
      }),
      providesTags: ['Insight'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
  }),
});

export const { useInsightDashboardQuery, useSalesReportQuery } = insightApi;
