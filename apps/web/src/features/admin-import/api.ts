import { IMPORT_FILE_FIELD, IMPORT_IMAGES_FIELD } from '@bagshop/shared/catalogue-import';
import type { CatalogueImportOptions, ImportJobDto } from '@bagshop/shared/schemas/catalogue-import';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { api } from '../../api/api.ts';
import { useUploadWithProgress } from '../../api/upload-with-progress.ts';
import { useAppDispatch } from '../../store/store.ts';

/** How often a running import is asked for its progress (the server writes it at most every 0.5 s). */
export const IMPORT_POLL_MS = 500;
export const SHOPIFY_EXPORT_URL = '/api/admin/products/export?format=shopify';
export const importReportUrl = (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/report.csv`;

/** What one press of Check file or Import sends; kept, so Import now can send the checked files again. */
export interface ImportRequest {
  file: File;
  images: File | null;
  options: CatalogueImportOptions;
}

/** The multipart form of POST /api/admin/products/import: the options as text parts, then the files. */
export function importForm({ file, images, options }: ImportRequest): FormData {
  const form = new FormData();
  form.append('dryRun', String(options.dryRun));
  form.append('skipInvalid', String(options.skipInvalid));
  form.append('compareAtOffers', String(options.compareAtOffers));
  form.append('createCategories', String(options.createCategories));
  form.append('defaultSize', options.defaultSize);
  form.append(IMPORT_FILE_FIELD, file, file.name);
  if (images) form.append(IMPORT_IMAGES_FIELD, images, images.name);
  return form;
}

/** The administrator's catalogue import (docs/decisions/053-catalogue-import.md). */
export const importAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    importJob: build.query<ImportJobDto, string>({
      query: (id) => `/api/admin/imports/${encodeURIComponent(id)}`,
      // An applied import changed products, categories and perhaps offers: lists shown next are fetched again.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status === 'done' && data.result?.applied) {
            dispatch(api.util.invalidateTags(['Product', 'Category', 'Offers', 'Offer']));
          }
        } catch {
          // The page shows a failed call from the query's own result.
        }
      },
    }),
  }),
});

/**
 * Starts an import through the upload helper, so the page can show how much of the file has been sent. Answers the
 * import (202, running) or throws the refusal as an RTK Query error `{status, data}`.
 */
export function useStartImport(): (
  request: ImportRequest,
  onProgress: (percent: number) => void,
) => Promise<ImportJobDto> {
  const upload = useUploadWithProgress();
  const dispatch = useAppDispatch();
  return useCallback(
    async (request, onProgress) => {
      const answer = await upload({
        method: 'POST',
        url: '/api/admin/products/import',
        form: importForm(request),
        onProgress,
      });
      if (answer.error) throw answer.error;
      const job = answer.data as ImportJobDto;
      // The page follows the import from this answer on: the first poll comes half a second later.
      dispatch(importAdminApi.util.upsertQueryData('importJob', job._id, job));
      return job;
    },
    [upload, dispatch],
  );
}

/** Follows an import: asked for every half second while it runs, no more once it is done or failed. */
export function useImportJob(id: string | null) {
  const arg = id ?? skipToken;
  const known = importAdminApi.endpoints.importJob.useQueryState(arg);
  const running = !known.data || known.data.status === 'running';
  return importAdminApi.endpoints.importJob.useQuery(arg, {
    pollingInterval: running ? IMPORT_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
}
