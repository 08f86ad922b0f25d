/** The shop refused the file; `message` is its reason when it gave one, `status` the HTTP status. */
export class DownloadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

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

interface DownloadOptions {
  token: string | null;
  /** Saved under this name, unless the server names the file and `useServerName` is left on. */
  fileName: string;
  useServerName?: boolean;
}

/**
 * Fetches a file the shop serves only to the signed-in user (bearer token) and offers it as a download.
 * Returns the name it was saved under; throws DownloadRefused when the shop refuses it.
 */
export async function downloadFile(url: string, { token, fileName, useServerName = true }: DownloadOptions) {
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    let message = '';
    try {
      message = ((await response.json()) as { message?: string }).message ?? '';
    } catch {
      // Not JSON: the caller's default message is shown.
    }
    throw new DownloadRefused(message, response.status);
  }
  const offered = useServerName ? fileNameOf(response.headers.get('content-disposition')) : null;
  const name = offered ? safeFileName(offered, fileName) : fileName;
  saveBlob(await response.blob(), name);
  return name;
}
