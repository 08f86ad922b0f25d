import crypto from 'node:crypto';
import { SESSION_MS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';

/** A new refresh token (256 random bits, stored only as its sha256), in a new family unless one is given. */
export async function issueRefreshToken(db: DbOrTx, userId: string, familyId: string = crypto.randomUUID()) {
  const token = randomToken(32);
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + SESSION_MS),
  });
  return token;
}

const unauthorized = () => new AppError('UNAUTHORIZED', MSG.unauthorized);

async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for a new one in the same family. The row lock makes parallel refreshes with one
 * token take turns: the second one finds it rotated, which counts as reuse and ends the whole family.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
): Promise<{ userId: string; tokenVersion: number; refreshToken: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { error: unauthorized() };
    if (row.rotatedAt) {
      await revokeFamily(tx, row.familyId);
      return { error: new AppError('TOKEN_REUSED', MSG.unauthorized) };
    }
    const [user] = await tx
      .select({ isBlocked: users.isBlocked, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
    if (!user) return { error: unauthorized() };
    if (user.isBlocked) return { error: new AppError('BLOCKED', MSG.blocked) };
    await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(tx, row.userId, row.familyId);
    return { userId: row.userId, tokenVersion: user.tokenVersion, refreshToken };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

/** Logout: the presented token's family ends; an unknown token is simply ignored. */
export async function revokeFamilyOf(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (row) await revokeFamily(db, row.familyId);
}
