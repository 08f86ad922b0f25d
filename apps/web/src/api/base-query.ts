import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { loggedOut, type SessionState, tokenRefreshed } from '../app/session-slice.ts';

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

/**
 * Spec §4 "Request recovery": on a 401 take the refresh token (state, else localStorage); none → log out;
 * otherwise post it to /api/user/auth/refresh, store the new token and repeat the request; failure → log out.
 * Parallel 401s share one refresh, since a rotated refresh token works only once.
 */
export const baseQueryWithRefresh: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  store,
  extraOptions,
) => {
  let result = await rawBaseQuery(args, store, extraOptions);
  if (result.error?.status !== 401) return result;
  const url = typeof args === 'string' ? args : args.url;
  if (url.includes('/auth/refresh') || url.endsWith('/login')) return result;

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
