import { SESSION_MS } from '@bagshop/shared/limits';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  displayName,
  loadSession,
  loggedOut,
  sessionReducer,
  setCredentials,
  tokenRefreshed,
} from './session-slice.ts';

const payload = {
  user: {
    _id: 'u1',
    email: 'asha@example.in',
    name: 'Asha',
    phone: '9876543210',
    isAdmin: false,
    isExist: true,
    emailVerified: true,
    hasPassword: true,
    address: [],
    image: [],
  },
  token: 'access-1',
  refreshToken: 'refresh-1',
};

describe('session (docs/product.md §3, §4)', () => {
  beforeEach(() => localStorage.clear());

  it('is all null on empty storage', () => {
    expect(loadSession()).toEqual({
      userInfo: null,
      userToken: null,
      refreshToken: null,
      updatedUser: null,
      expirationTime: null,
    });
  });

  it('stores credentials with a 30-day expiry under the spec keys', () => {
    const before = Date.now();
    const state = sessionReducer(undefined, setCredentials(payload));
    expect(state.userToken).toBe('access-1');
    expect(state.refreshToken).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '')).toEqual(payload);
    expect(localStorage.getItem('userToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    const expires = Number(localStorage.getItem('expirationTime'));
    expect(expires).toBeGreaterThanOrEqual(before + SESSION_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_MS);
  });

  it('replaces the access token (and the rotated refresh token) on refresh', () => {
    let state = sessionReducer(undefined, setCredentials(payload));
    state = sessionReducer(state, tokenRefreshed({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    expect(state.userToken).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('clears state and storage on logout', () => {
    let state = sessionReducer(undefined, setCredentials(payload));
    state = sessionReducer(state, loggedOut());
    expect(state.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('expirationTime')).toBeNull();
  });

  it('drops an expired session when loading', () => {
    sessionReducer(undefined, setCredentials(payload));
    localStorage.setItem('expirationTime', String(Date.now() - 1));
    expect(loadSession().userInfo).toBeNull();
    expect(localStorage.getItem('userToken')).toBeNull();
  });

  it('reads the name from userInfo.name or userInfo.user.name', () => {
    expect(displayName({ name: 'Top' })).toBe('Top');
    expect(displayName(payload)).toBe('Asha');
    expect(displayName(null)).toBeNull();
  });
});
