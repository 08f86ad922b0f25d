import { MSG } from '@bagshop/shared/messages';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { toast } from 'react-toastify';
import { loggedOut, type SessionState, tokenRefreshed } from '../session/session-slice.ts';

type RootLike = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as RootLike).session.userToken;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

let refreshing: Promise<boolean> | null = null;

function isBlockedAnswer(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 403 && (error.data as { code?: string } | undefined)?.code === 'BLOCKED';
}

/** Sign-in calls answer 401/403 for their own reasons, which their screens show. */
function isSignInCall(url: string): boolean {
  return url.endsWith('/login') || url.includes('/api/user/google');
}

/**
 * docs/product.md §4 "Request recovery": on a 401 take the refresh token (state, else localStorage); none → log out;
 * otherwise post it to /api/user/auth/refresh, store the new token and repeat the request; failure → log out.
 * Parallel 401s share one refresh, since a rotated refresh token works only once.
 */
export const baseQueryWithRefresh: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  store,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, store, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (isBlockedAnswer(result.error) && !isSignInCall(url)) {
    // docs/product.md §6: a blocked user cannot proceed; the server refuses every call, so the session ends here too.
    toast.error(MSG.blocked, { toastId: 'blocked' });
    store.dispatch(loggedOut());
    return result;
  }
  if (result.error?.status !== 401) return result;
  if (url.includes('/auth/refresh') || isSignInCall(url)) return result;

  const refreshToken =
    (store.getState() as RootLike).session.refreshToken ?? localStorage.getItem('refreshToken') ?? null;
  if (!refreshToken) {
    store.dispatch(loggedOut());
    return result;
  }
  refreshing ??= (async () => {
    const refreshed = await rawBaseQuery(
      { url: '/api/user/auth/refresh', method: 'POST', body: { refreshToken } },
      store,
      extraOptions,
    );
    const data = refreshed.data as { accessToken?: string; refreshToken?: string } | undefined;
    if (data?.accessToken) {
      store.dispatch(tokenRefreshed({ accessToken: data.accessToken, refreshToken: data.refreshToken }));
      return true;
    }
    store.dispatch(loggedOut());
    return false;
  })().finally(() => {
    refreshing = null;
  });
  if (await refreshing) result = await rawBaseQuery(args, store, extraOptions);
  return result;
};
