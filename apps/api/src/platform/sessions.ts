import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';

/**
 * Ends every session of a user (logout everywhere, password change or reset, email change, blocking, promotion,
 * deletion): every refresh token is revoked and the token version raised, so access tokens issued before are refused
 * at once. Answers the new token version (for a session the caller starts right after), or null for no such user.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<number | null> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row ? row.tokenVersion : null;
}
