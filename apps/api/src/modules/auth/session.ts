import { MSG } from '@bagshop/shared/messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AccessTokens } from '../../platform/access-tokens.ts';
import { AppError } from '../../platform/errors.ts';
import { loadUserDto } from '../users/service.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

/** What every successful sign-in answers: the user, a 15-minute access token and a new refresh token family. */
export async function startSession(db: DbOrTx, tokens: AccessTokens, userId: string): Promise<AuthPayload> {
  const user = await loadUserDto(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  const refreshToken = await issueRefreshToken(db, userId);
  return { user, token: await tokens.sign(userId, await tokenVersionOf(db, userId)), refreshToken };
}

/** The user's current token version, which every access token must carry. */
export async function tokenVersionOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  return row.tokenVersion;
}
