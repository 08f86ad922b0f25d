import type { AttentionAnswer } from '@bagshop/shared/schemas/attention';
import { api } from './api.ts';

/** The problems the owner must hear about, for the dashboard's Attention panel (docs/decisions/046-attention.md). */
export const attentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAttention: build.query<AttentionAnswer, void>({
      query: () => '/api/admin/attention',
    }),
  }),
});

export const { useAdminAttentionQuery } = attentionApi;
