import { SESSION_MS } from '@bagshop/shared/limits';
import type { UserDto } from '@bagshop/shared/types';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from './storage-keys.ts';

export { STORAGE_KEYS };

/** The sign-in payload: `{user, token, refreshToken}` (older shapes put name at the top level). */
export interface UserInfo {
  user?: UserDto;
  name?: string;
  token?: string;
  refreshToken?: string;
}

export interface SessionState {
  userInfo: UserInfo | null;
  userToken: string | null;
  refreshToken: string | null;
  updatedUser: Partial<Pick<UserDto, 'name' | 'email' | 'phone'>> | null;
  expirationTime: number | null;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function loadSession(): SessionState {
  // A page rendered on the server is every visitor's: it is drawn signed out (docs/decisions/047-server-rendered-landing-pages.md).
  if (typeof localStorage === 'undefined') return emptySession();
  const expirationTime = Number(localStorage.getItem(STORAGE_KEYS.expirationTime)) || null;
  if (expirationTime && expirationTime < Date.now()) {
    clearStorage();
    return emptySession();
  }
  return {
    userInfo: readJson<UserInfo>(STORAGE_KEYS.userInfo),
    userToken: localStorage.getItem(STORAGE_KEYS.userToken),
    refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
    updatedUser: readJson(STORAGE_KEYS.updatedUser),
    expirationTime,
  };
}

export const emptySession = (): SessionState => ({
  userInfo: null,
  userToken: null,
  refreshToken: null,
  updatedUser: null,
  expirationTime: null,
});

function clearStorage() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSession,
  reducers: {
    setCredentials(state, action: PayloadAction<UserInfo>) {
      const payload = action.payload;
      state.userInfo = payload;
      state.userToken = payload.token ?? null;
      state.refreshToken = payload.refreshToken ?? null;
      state.expirationTime = Date.now() + SESSION_MS;
      localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(payload));
      localStorage.setItem(STORAGE_KEYS.userToken, state.userToken ?? '');
      localStorage.setItem(STORAGE_KEYS.refreshToken, state.refreshToken ?? '');
      localStorage.setItem(STORAGE_KEYS.expirationTime, String(state.expirationTime));
    },
    /** After a refresh: the new access token (and the rotated refresh token when the server sends one). */
    tokenRefreshed(state, action: PayloadAction<{ accessToken: string; refreshToken?: string }>) {
      state.userToken = action.payload.accessToken;
      localStorage.setItem(STORAGE_KEYS.userToken, action.payload.accessToken);
      if (action.payload.refreshToken) {
        state.refreshToken = action.payload.refreshToken;
        localStorage.setItem(STORAGE_KEYS.refreshToken, action.payload.refreshToken);
      }
    },
    /** A profile change: kept as updatedUser and folded into userInfo so the navbar shows it at once. */
    userUpdated(state, action: PayloadAction<UserDto>) {
      const { name, email, phone } = action.payload;
      state.updatedUser = { name, email, phone };
      localStorage.setItem(STORAGE_KEYS.updatedUser, JSON.stringify(state.updatedUser));
      if (state.userInfo) {
        state.userInfo = { ...state.userInfo, user: action.payload };
        localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(state.userInfo));
      }
    },
    /**
     * The session kept in this browser, taken up once a page drawn on the server (signed out, as every visitor
     * gets it) has been hydrated: the navbar and the cart badge then turn into the shopper's own.
     */
    sessionRestored(_state, action: PayloadAction<SessionState>) {
      return action.payload;
    },
    loggedOut() {
      clearStorage();
      return emptySession();
    },
  },
});

export const { setCredentials, tokenRefreshed, userUpdated, sessionRestored, loggedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** docs/product.md §2: the name comes from userInfo.name or userInfo.user.name. */
export function displayName(userInfo: UserInfo | null): string | null {
  return userInfo?.name ?? userInfo?.user?.name ?? null;
}

/** Any state that holds the session; the store's root state does. */
export interface WithSession {
  session: SessionState;
}

/** The access token: read only by the API client (bearer header) and the realtime connection. */
export const selectAccessToken = (state: WithSession) => state.session.userToken;
export const selectRefreshToken = (state: WithSession) => state.session.refreshToken;
export const selectIsSignedIn = (state: WithSession) => Boolean(state.session.userToken && state.session.userInfo);
export const selectIsAdmin = (state: WithSession) => Boolean(state.session.userInfo?.user?.isAdmin);
/** The signed-in person's name and email as the account now has them (an edited profile wins), or null. */
export const selectContactDetails = (state: WithSession) => {
  if (!selectIsSignedIn(state)) return null;
  const user = state.session.userInfo?.user;
  const name = state.session.updatedUser?.name ?? displayName(state.session.userInfo) ?? '';
  const email = state.session.updatedUser?.email ?? user?.email ?? '';
  return { name, email };
};
