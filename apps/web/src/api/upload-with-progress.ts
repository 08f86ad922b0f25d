/** A failed upload in the shape RTK Query errors have, so `errorMessage` and `errorStatus` read it too. */
export interface UploadFailure {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/**
 * Posts a multipart form with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the status and parsed body of any HTTP answer; rejects only when the network fails.
 */
export function uploadWithProgress(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadFailure);
    xhr.send(form);
  });
}
