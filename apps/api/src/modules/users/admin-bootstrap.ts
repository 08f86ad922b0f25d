import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../platform/passwords.ts';

/** Creates the administrator, or makes an existing account with that email one (password reset to the given one). */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'updated'> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (existing) {
    await db
      .update(users)
      .set({ isAdmin: true, isBlocked: false, passwordHash, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  await db.insert(users).values({
    email,
    name: input.name ?? 'Administrator',
    phone: '',
    passwordHash,
    isAdmin: true,
    emailVerified: true,
  });
  return 'created';
}
