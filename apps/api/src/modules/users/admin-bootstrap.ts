import { email as emailField, newPassword } from '@bagshop/shared/schemas/fields';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';

const adminInput = z.object({ email: emailField, password: newPassword });

/**
 * Creates the administrator, or makes an existing account with that email one (password reset to the given one).
 * Promoting an account, or giving it another password, ends all its sessions (refresh tokens revoked, token version
 * raised): whoever held a session of the customer account does not become an administrator with it. Running again
 * with the same password for an administrator changes nothing, so a restart with ADMIN_EMAIL keeps them signed in.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'updated'> {
  const parsed = adminInput.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) {
    throw new Error(`Cannot create the administrator: ${parsed.error.issues.map((i) => i.message).join(' ')}`);
  }
  const email = parsed.data.email;
  const [existing] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      isBlocked: users.isBlocked,
      emailVerified: users.emailVerified,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (existing) {
    const samePassword = await verifyPassword(existing.passwordHash, parsed.data.password);
    if (existing.isAdmin && !existing.isBlocked && existing.emailVerified && samePassword) return 'updated';
    const passwordHash = samePassword ? existing.passwordHash : await hashPassword(parsed.data.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isAdmin: true, isBlocked: false, passwordHash, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      if (!existing.isAdmin || !samePassword) await revokeUserSessions(tx, existing.id);
    });
    return 'updated';
  }
  await db.insert(users).values({
    email,
    name: input.name ?? 'Administrator',
    phone: '',
    passwordHash: await hashPassword(parsed.data.password),
    isAdmin: true,
    emailVerified: true,
  });
  return 'created';
}
