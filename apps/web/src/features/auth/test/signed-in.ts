import type { AuthPayload } from '@bagshop/shared/types';

/** Puts a session in localStorage, as a sign-in would, so the next store starts signed in. */
export function signInAs(overrides: Partial<AuthPayload['user']> = {}) {
  const payload: AuthPayload = {
    user: {
      _id: 'u1',
      email: 'asha@example.in',
      name: 'Asha',
      phone: '9876543210',
      isAdmin: false,
      isExist: true,
      emailVerified: false,
      hasPassword: true,
      address: [],
      image: [],
      ...overrides,
    },
    token: 'access-token',
    refreshToken: 'refresh-token',
  };
  localStorage.setItem('userInfo', JSON.stringify(payload));
  localStorage.setItem('userToken', payload.token);
  localStorage.setItem('refreshToken', payload.refreshToken);
  localStorage.setItem('expirationTime', String(Date.now() + 60_000));
}
