import { email as emailField, newPassword } from '@bagshop/shared/schemas/fields';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../platform/passwords.ts';

const adminInput = z.object({ email: emailField, password: newPassword });

/** Creates the administrator, or makes an existing account with that email one (password reset to the given one). */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'updated'> {
  const parsed = adminInput.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) {
    throw new Error(`Cannot create the administrator: ${parsed.error.issues.map((i) => i.message).join(' ')}`);
  }
  const email = parsed.data.email;
  const passwordHash = await hashPassword(parsed.data.password);
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
