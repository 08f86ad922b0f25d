import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { type Answer, sendAsSignedIn } from './base-query.ts';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  url: string;
  form: FormData;
  /** 0–100 while the form is sent (from 0 again when a renewed session sends it once more). */
  onProgress?: (percent: number) => void;
}

/**
 * Posts a multipart form with XMLHttpRequest, the one browser API that reports upload progress, as the signed-in
 * user: the token and its renewal are the API client's (`sendAsSignedIn`). For RTK Query endpoints' `queryFn`;
 * answers `{data}` or `{error: {status, data}}` like every other endpoint.
 */
export function uploadWithProgress(
  { method, url, form, onProgress }: UploadRequest,
  api: Pick<BaseQueryApi, 'getState' | 'dispatch'>,
): Promise<Answer> {
  let attempt = 0;
  return sendAsSignedIn(
    url,
    (token) => {
      if (attempt++ > 0) onProgress?.(0);
      return send(method, url, form, token, onProgress);
    },
    api,
  );
}

function send(
  method: UploadRequest['method'],
  url: string,
  form: FormData,
  token: string | null,
  onProgress: UploadRequest['onProgress'],
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      resolve(xhr.status >= 200 && xhr.status < 300 ? { data } : { error: { status: xhr.status, data } });
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR', error: 'The upload could not reach the shop' } });
    xhr.send(form);
  });
}

/** `uploadWithProgress` as the signed-in user of this app's store. */
export function useUploadWithProgress(): (request: UploadRequest) => Promise<Answer> {
  const store = useStore();
  return useCallback((request: UploadRequest) => uploadWithProgress(request, store), [store]);
}
