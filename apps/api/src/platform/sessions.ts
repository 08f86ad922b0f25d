import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';

/** Ends every refresh token of a user (logout everywhere, password change or reset, blocking, deletion). */
export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
