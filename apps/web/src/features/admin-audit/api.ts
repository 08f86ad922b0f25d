import type { AuditList, AuditQuery } from '@bagshop/shared/audit';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

export const adminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAudit: build.query<AuditList, AuditQuery>({
      query: (params) => ({ url: '/api/user/admin/audit', params }),
      providesTags: ['Audit'],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
    }),
  }),
});

export const { useAdminAuditQuery } = adminAuditApi;
