import { MSG } from '@bagshop/shared/messages';
import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { toast } from 'react-toastify';
import {
  loggedOut,
  STORAGE_KEYS,
  selectAccessToken,
  selectRefreshToken,
  tokenRefreshed,
  type WithSession,
} from '../session/session-slice.ts';

/** What one attempt at a request gives back: RTK Query's result shape, whatever carried the request. */
export type Answer =
  | { data: unknown; error?: undefined; meta?: FetchBaseQueryMeta }
  | { error: FetchBaseQueryError; data?: undefined; meta?: FetchBaseQueryMeta };

const REFRESH_URL = '/api/user/auth/refresh';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  prepareHeaders(headers, { getState }) {
    const token = selectAccessToken(getState() as WithSession);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

function isBlockedAnswer(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 403 && (error.data as { code?: string } | undefined)?.code === 'BLOCKED';
}

/** Sign-in calls answer 401/403 for their own reasons, which their screens show. */
function isSignInCall(url: string): boolean {
  return url.endsWith('/login') || url.includes('/api/user/google');
}

let refreshing: Promise<boolean> | null = null;

/**
 * The one place that renews the session: posts the refresh token to /api/user/auth/refresh and stores the new
 * tokens, or ends the session. Parallel callers share one refresh, since a rotated refresh token works only once;
 * a caller whose request went out with a token that has been renewed since just tries again.
 */
function renewSession(api: Pick<BaseQueryApi, 'getState' | 'dispatch'>, sentWith: string | null): Promise<boolean> {
  if (refreshing) return refreshing;
  const current = selectAccessToken(api.getState() as WithSession);
  if (current !== sentWith) return Promise.resolve(current !== null);
  const refreshToken =
    selectRefreshToken(api.getState() as WithSession) ?? localStorage.getItem(STORAGE_KEYS.refreshToken) ?? null;
  if (!refreshToken) {
    api.dispatch(loggedOut());
    return Promise.resolve(false);
  }
  refreshing = (async () => {
    const refreshed = await rawBaseQuery(
      { url: REFRESH_URL, method: 'POST', body: { refreshToken } },
      api as BaseQueryApi,
      {},
    );
    const data = refreshed.data as { accessToken?: string; refreshToken?: string } | undefined;
    if (data?.accessToken) {
      api.dispatch(tokenRefreshed({ accessToken: data.accessToken, refreshToken: data.refreshToken }));
      return true;
    }
    api.dispatch(loggedOut());
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * docs/product.md §4 "Request recovery": sends a request as the signed-in user (`send` gets the access token) and,
 * on a 401, renews the session once and sends it again; no refresh token or a failed refresh → logged out.
 * docs/product.md §6: a 403 BLOCKED ends the session, since the server refuses every further call.
 * Every authenticated request goes through here: the RTK Query base query, file downloads and uploads with progress.
 */
export async function sendAsSignedIn(
  url: string,
  send: (token: string | null) => Promise<Answer>,
  api: Pick<BaseQueryApi, 'getState' | 'dispatch'>,
): Promise<Answer> {
  const token = selectAccessToken(api.getState() as WithSession);
  const result = await send(token);
  if (isBlockedAnswer(result.error) && !isSignInCall(url)) {
    toast.error(MSG.blocked, { toastId: 'blocked' });
    api.dispatch(loggedOut());
    return result;
  }
  if (result.error?.status !== 401 || url.includes(REFRESH_URL) || isSignInCall(url)) return result;
  if (!(await renewSession(api, token))) return result;
  return send(selectAccessToken(api.getState() as WithSession));
}

/** The base query of the one API (api.ts): fetch with the bearer header, through `sendAsSignedIn`. */
export const baseQueryWithRefresh: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = (args, api, extraOptions) =>
  sendAsSignedIn(typeof args === 'string' ? args : args.url, async () => rawBaseQuery(args, api, extraOptions), api);
