import type { RestockAlertAnswer, RestockAlertStatusAnswer } from '@bagshop/shared/schemas/restock-alerts';
import { api } from './api.ts';

const restockTag = (productId: string) => ({ type: 'Product', id: `RESTOCK-${productId}` }) as const;

/** "Notify me" on an out-of-stock bag, for the signed-in shopper. */
export const restockAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    restockAlert: build.query<RestockAlertStatusAnswer, string>({
      query: (productId) => `/api/user/notify-me/${encodeURIComponent(productId)}`,
      providesTags: (_answer, _error, productId) => [restockTag(productId)],
    }),
    notifyMe: build.mutation<RestockAlertAnswer, string>({
      query: (productId) => ({ url: `/api/user/notify-me/${encodeURIComponent(productId)}`, method: 'POST' }),
      invalidatesTags: (_answer, _error, productId) => [restockTag(productId)],
    }),
    stopNotifying: build.mutation<RestockAlertAnswer, string>({
      query: (productId) => ({ url: `/api/user/notify-me/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, productId) => [restockTag(productId)],
    }),
  }),
});

export const { useRestockAlertQuery, useNotifyMeMutation, useStopNotifyingMutation } = restockAlertsApi;
