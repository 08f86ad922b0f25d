import { emailPersonKey } from '@bagshop/shared/email-address';
import type { UserDto } from '@bagshop/shared/types';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { spend } from '../../platform/rate-limits.ts';
import { sendOtpMail } from '../auth/service.ts';
import { loadUserDto } from '../users/service.ts';
import { confirmEmailChange, emailChangedNotice, reissueEmailChangeCode, requestEmailChange } from './email-change.ts';

export async function getAccount(db: Db, userId: string): Promise<UserDto> {
  const user = await loadUserDto(db, userId);
  if (!user) throw notFound();
  return user;
}

/**
 * Name, email and phone only (the schema refuses anything else). Name and phone change at once; a new email does
 * not: a code goes to the new address (`pendingEmail`) and the change takes effect when it comes back
 * (confirmEmailChange). A mail that cannot go out is answered as `mailError`, not thrown.
 */
export async function updateProfile(
  deps: AppDeps,
  userId: string,
  input: { name: string; email: string; phone: string },
  address: string,
): Promise<{ user: UserDto; pendingEmail?: string; mailError?: unknown }> {
  const { db } = deps;
  const current = await getAccount(db, userId);
  const emailChanges = current.email !== input.email;
  if (emailChanges) await spend(db, 'emailChange', { account: userId, mailbox: emailPersonKey(input.email), address });
  const code = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw notFound();
    await tx
      .update(users)
      .set({ name: input.name, phone: input.phone, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return emailChanges ? requestEmailChange(tx, userId, input.email) : null;
  });
  let mailError: unknown;
  if (code) {
    try {
      await sendOtpMail(deps, input.email, 'change_email', code, input.name);
    } catch (error) {
      // The profile is saved and the resend wait lifted, so the user can ask for a code again at once.
      mailError = error;
    }
  }
  return {
    user: await getAccount(db, userId),
    ...(emailChanges ? { pendingEmail: input.email } : {}),
    ...(mailError ? { mailError } : {}),
  };
}

/** Mails a new code for the pending email change to the new address. */
export async function resendEmailChangeCode(deps: AppDeps, userId: string): Promise<void> {
  const { email, code } = await reissueEmailChangeCode(deps.db, userId);
  const user = await getAccount(deps.db, userId);
  await sendOtpMail(deps, email, 'change_email', code, user.name);
}

/** Verifies the code of the pending email change, then tells the old address. A notice that fails is `mailError`. */
export async function verifyEmailChange(
  deps: AppDeps,
  userId: string,
  code: string,
): Promise<{ user: UserDto; mailError?: unknown }> {
  const { user, oldEmail, name } = await confirmEmailChange(deps, userId, code);
  const notice = emailChangedNotice({ to: oldEmail, name, newEmail: user.email, storeEmail: deps.config.STORE_EMAIL });
  try {
    await deps.mailer.send(notice);
    return { user };
  } catch (mailError) {
    return { user, mailError };
  }
}
