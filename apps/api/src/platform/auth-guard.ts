import { MSG } from '@bagshop/shared/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { AccessTokens } from './access-tokens.ts';
import { AppError } from './errors.ts';

export interface CurrentUser {
  id: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

/**
 * An onRequest hook that admits a request or throws; `access` tells the API document what it asks for. Guards run
 * before the body is read and validated, so a visitor never learns a route's schema from a 400
 * (platform/route-contract.ts refuses a guard anywhere later).
 */
export type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  access?: 'user' | 'admin' | 'optional';
};

export interface Guards {
  /** Any signed-in, unblocked, existing user. */
  requireUser: Guard;
  /** An administrator; a signed-in customer gets 403. */
  requireAdmin: Guard;
  /** Reads the user when a valid token is present; never refuses. */
  optionalUser: Guard;
}

/** The Cache-Control of every answer behind a guard, and of an optional guard's answers to a signed-in user. */
export const PRIVATE_ANSWER = 'private, no-store';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Every request re-reads the user, so blocking, deleting or a new token version takes effect at once. That read is
 * one primary-key lookup, built once and prepared on each connection: it runs before every signed-in request.
 */
export function createGuards(db: Db, tokens: AccessTokens): Guards {
  const signedInUser = db
    .select({ id: users.id, isAdmin: users.isAdmin, isBlocked: users.isBlocked, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('auth_guard_signed_in_user');
  async function load(request: FastifyRequest): Promise<CurrentUser | 'blocked' | null> {
    const token = bearer(request);
    if (!token) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const [user] = await signedInUser.execute({ userId: claims.userId });
    if (!user) return null;
    // A blocked user is told why (403), whatever the token; otherwise a token issued before the user's sessions were
    // ended (password change or reset, email change, blocking, promotion) is refused (401).
    if (user.isBlocked) return 'blocked';
    if (user.tokenVersion !== claims.version) return null;
    return { id: user.id, isAdmin: user.isAdmin };
  }

  const requireUser: Guard = async (request, reply) => {
    // Set first, so the refusals below carry it too: no shared cache keeps an answer meant for one person.
    reply.header('cache-control', PRIVATE_ANSWER);
    const user = await load(request);
    if (user === 'blocked') throw new AppError('BLOCKED', MSG.blocked);
    if (!user) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
    request.currentUser = user;
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (!request.currentUser?.isAdmin) throw new AppError('FORBIDDEN', MSG.forbidden);
  };
  const optionalUser: Guard = async (request, reply) => {
    const user = await load(request);
    if (user && user !== 'blocked') {
      request.currentUser = user;
      reply.header('cache-control', PRIVATE_ANSWER);
    }
  };
  requireUser.access = 'user';
  requireAdmin.access = 'admin';
  optionalUser.access = 'optional';
  return { requireUser, requireAdmin, optionalUser };
}

/** The signed-in user of a request behind `requireUser`. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  return request.currentUser;
}
