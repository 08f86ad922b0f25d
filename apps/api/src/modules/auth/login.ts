import { MSG } from '@bagshop/shared/messages';
import type { LoginInput } from '@bagshop/shared/schemas/auth';
import type { AuthPayload } from '@bagshop/shared/types';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { spend } from '../../platform/rate-limits.ts';
import { startSession } from './session.ts';

// An unknown email still costs one argon2 verification, so response times do not reveal which emails exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
};

/**
 * Signs in with email and password. Failed sign-ins are limited per account (from any address) and per address:
 * every attempt is counted before the password is checked, so parallel guesses cannot slip past the limit, and an
 * attempt with the right password is given back, so only failures count.
 */
export async function login(deps: AppDeps, input: LoginInput, address: string): Promise<AuthPayload> {
  const giveBack = await spend(deps.db, 'login', { account: input.email, address });
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, isBlocked: users.isBlocked })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)));
  const valid = await verifyPassword(user ? user.passwordHash : await decoy(), input.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', MSG.loginFailed);
  await giveBack();
  // Checked after the password so that blocking is only revealed to the account's owner.
  if (user.isBlocked) throw new AppError('BLOCKED', MSG.blocked);
  return startSession(deps.db, deps.tokens, user.id);
}
