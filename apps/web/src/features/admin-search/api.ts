import type { NoResultsAnswer, SynonymsAnswer, SynonymsBody } from '@bagshop/shared/schemas/search';
import { api } from '../../api/api.ts';

/** The administrator's Search screen: synonyms and the searches that found nothing (docs/decisions/048). */
export const searchAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchSynonyms: build.query<SynonymsAnswer, void>({
      query: () => '/api/admin/search/synonyms',
    }),
    saveSearchSynonyms: build.mutation<SynonymsAnswer, SynonymsBody>({
      query: (body) => ({ url: '/api/admin/search/synonyms', method: 'PUT', body }),
      // The saved list is the answer: the form shows it as kept (lower case, sorted).
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(searchAdminApi.util.upsertQueryData('searchSynonyms', undefined, data));
        } catch {
          // A refusal is shown by the form, from the mutation's own result.
        }
      },
    }),
    searchesWithoutResults: build.query<NoResultsAnswer, void>({
      query: () => '/api/admin/search/no-results',
    }),
  }),
});

export const { useSearchSynonymsQuery, useSaveSearchSynonymsMutation, useSearchesWithoutResultsQuery } = searchAdminApi;
