import type { GstSummaryDto } from '@bagshop/shared/schemas/gst';
import { api } from '../../api/api.ts';

/** The GST returns page's own endpoint; the files themselves come through the download helper. */
export const gstApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Each GSTR-1 section's totals of a month or quarter, the registers they add up to, and the series issued. */
    gstSummary: build.query<GstSummaryDto, string>({
      query: (period) => ({ url: '/api/admin/gst/summary', params: { period } }),
    }),
  }),
});

export const { useGstSummaryQuery } = gstApi;
