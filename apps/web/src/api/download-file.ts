import { api } from './api.ts';

/** Only letters, digits, dots, dashes and underscores (spaces become dashes), so the name is safe everywhere. */
export function safeFileName(name: string, fallback: string): string {
  const safe = name
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  return safe || fallback;
}

/** The file name a Content-Disposition header offers (`filename*=UTF-8''…` first, else `filename=…`), or null. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: the plain name below is used.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(contentDisposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** Hands a file to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface DownloadRequest {
  url: string;
  /** Saved under this name, unless the server names the file and `useServerName` is left on. */
  fileName: string;
  useServerName?: boolean;
  /** Sent as JSON with a POST (e.g. the ids of the labels to print), when the file depends on a list. */
  body?: unknown;
}

/**
 * Files the shop serves only to the signed-in user (invoices, sales reports), fetched through the one API client,
 * so the bearer header and a renewed session work as for every other call, and offered as a download.
 * Resolves with the name the file was saved under; a refusal is an RTK Query error `{status, data}`.
 */
export const downloadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<string, DownloadRequest>({
      async queryFn({ url, fileName, useServerName = true, body }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url,
          ...(body === undefined ? {} : { method: 'POST', body }),
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        });
        if (result.error) return { error: result.error };
        const offered = useServerName
          ? fileNameOf(result.meta?.response?.headers.get('content-disposition') ?? null)
          : null;
        const name = offered ? safeFileName(offered, fileName) : fileName;
        saveBlob(result.data as Blob, name);
        return { data: name };
      },
    }),
  }),
});

export const { useDownloadFileMutation } = downloadsApi;
