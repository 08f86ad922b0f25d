import type { AuthPayload, UserDto } from '@bagshop/shared/types';

/** An in-shop path, or the fallback: never another site (`//host`, `/\host`) or a full URL. */
export function safePath(path: string | null | undefined, fallback = '/'): string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}

/** The location the guard remembered (`state.from`) as a path, else '/'. */
export function rememberedPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return safePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

/** docs/product.md §4 "Sign-in": administrators land on the dashboard, everyone else where they were going. */
export function landingFor(user: Pick<UserDto, 'isAdmin'> | undefined, target = '/'): string {
  return user?.isAdmin ? '/admin/dashboard' : target;
}

/** Only the session fields go into the store (answers also carry `message`/`redirect`). */
export function sessionOf(payload: AuthPayload): AuthPayload {
  return { user: payload.user, token: payload.token, refreshToken: payload.refreshToken };
}

export const RESET_TOKEN_KEY = 'resetToken';

export const withEmail = (path: string, email: string) => `${path}?email=${encodeURIComponent(email)}`;
