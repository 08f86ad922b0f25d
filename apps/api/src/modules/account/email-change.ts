import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/ids.ts';
import { otps } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { consumeOtp, deleteOtp, emailClaim, issueOtp, reissueOtp } from '../auth/service.ts';
import { loadUserDto } from '../users/service.ts';

const emailTaken = () => new AppError('EMAIL_TAKEN', MSG.emailTaken, { email: MSG.emailTaken });
const emailPending = () => new AppError('EMAIL_PENDING', MSG.emailPending, { email: MSG.emailPending });

/** The account's email change waiting for its code: the new address it would take, or nothing. */
async function pendingChangeOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ id: otps.id, email: otps.email, live: sql<boolean>`${otps.expiresAt} > now()` })
    .from(otps)
    .where(and(eq(otps.purpose, 'change_email'), sql`${otps.payload}->>'userId' = ${userId}`));
  return row;
}

async function heldByAnotherUser(db: Db | Tx, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), ne(users.id, userId)));
  return Boolean(other);
}

/**
 * Starts changing the account's email to `newEmail`, in the caller's transaction: the address must not belong to
 * another account nor be held by a pending sign-up or another account's pending change (409). An earlier change
 * to another address is dropped. Answers the code to mail to the new address, or null when this very change is
 * already waiting for the code that was sent.
 */
export async function requestEmailChange(tx: Tx, userId: string, newEmail: string): Promise<string | null> {
  if (await heldByAnotherUser(tx, newEmail, userId)) throw emailTaken();
  if (await emailClaim(tx, newEmail, userId)) throw emailPending();
  const earlier = await pendingChangeOf(tx, userId);
  if (earlier?.email === newEmail && earlier.live) return null;
  if (earlier) await deleteOtp(tx, earlier.id);
  return issueOtp(tx, {
    email: newEmail,
    purpose: 'change_email',
    waitSeconds: OTP_RESEND_SECONDS.verifyEmail,
    payload: { userId },
  });
}

/** A new code for the account's pending change, mailed to the new address by the caller. */
export async function reissueEmailChangeCode(db: Db, userId: string): Promise<{ email: string; code: string }> {
  const pending = await pendingChangeOf(db, userId);
  if (!pending) throw notFound(MSG.noEmailChange);
  const code = await reissueOtp(db, {
    email: pending.email,
    purpose: 'change_email',
    waitSeconds: OTP_RESEND_SECONDS.verifyEmail,
    whenExpired: () => new AppError('OTP_EXPIRED', MSG.otpExpired),
  });
  if (code === null) throw notFound(MSG.noEmailChange);
  return { email: pending.email, code };
}

/**
 * A right code makes the new address the account's (verified) email, in one transaction that checks once more
 * that no other account took it. Answers the account and the address it had before, which is then told.
 */
export async function confirmEmailChange(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  code: string,
): Promise<{ user: UserDto; oldEmail: string; name: string }> {
  const pending = await pendingChangeOf(deps.db, userId);
  if (!pending) throw notFound(MSG.noEmailChange);
  try {
    return await consumeOtp(deps.db, { email: pending.email, purpose: 'change_email', code }, async (tx, row) => {
      if (row.payload?.userId !== userId) throw new AppError('OTP_INVALID', MSG.otpInvalid);
      const [current] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!current) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
      if (await heldByAnotherUser(tx, row.email, userId)) throw emailTaken();
      await tx
        .update(users)
        .set({ email: row.email, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await deleteOtp(tx, row.id);
      const user = await loadUserDto(tx, userId);
      if (!user) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
      return { user, oldEmail: current.email, name: current.name };
    });
  } catch (error) {
    // Another account switching to the same address at the same moment: the partial unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The notice to the address an account had: it stops being the account's email now. */
export function emailChangedNotice(input: { to: string; name: string; newEmail: string; storeEmail: string }) {
  const text = [
    `Hello ${input.name},`,
    '',
    `The email of your Bag Shop account was changed from ${input.to} to ${input.newEmail}.`,
    `From now on you sign in with ${input.newEmail}, and our mail goes there.`,
    '',
    `If you did not make this change, write to us at once at ${input.storeEmail}.`,
    '',
    'Bag Shop',
  ].join('\n');
  return { to: input.to, subject: MSG.emailChangedMailSubject, text };
}
