import type { InsightQuery } from '@bagshop/shared/insight';
import type { DashboardDto, SalesReportDto } from '@bagshop/shared/insight-types';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';
import { insightParams } from './insight-query.ts';

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
