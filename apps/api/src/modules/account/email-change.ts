import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/ids.ts';
import { otps } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { consumeOtp, deleteOtp, emailClaim, issueOtp, reissueOtp, startSession } from '../auth/service.ts';

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

/** The account whose email changes: its current address, and whether it has a password to prove itself with. */
export interface ChangingAccount {
  userId: string;
  email: string;
  hasPassword: boolean;
}

/** Drops the code an account's current address holds for an earlier email change (accounts without a password). */
async function dropCurrentEmailCode(db: DbOrTx, email: string): Promise<void> {
  await db.delete(otps).where(and(eq(otps.email, email), eq(otps.purpose, 'change_email_old')));
}

/**
 * Starts changing the account's email to `newEmail`, in the caller's transaction: the address must not belong to
 * another account nor be held by a pending sign-up or another account's pending change (409). An earlier change
 * to another address is dropped. Answers the code to mail to the new address and, for an account without a password,
 * the code to mail to its current address (docs/decisions/034-email-change-proof.md); null when this very change is
 * already waiting for the codes that were sent.
 */
export async function requestEmailChange(
  tx: Tx,
  account: ChangingAccount,
  newEmail: string,
): Promise<{ code: string; currentEmailCode: string | null } | null> {
  const { userId } = account;
  if (await heldByAnotherUser(tx, newEmail, userId)) throw emailTaken();
  if (await emailClaim(tx, newEmail, userId)) throw emailPending();
  const earlier = await pendingChangeOf(tx, userId);
  if (earlier?.email === newEmail && earlier.live) return null;
  if (earlier) await deleteOtp(tx, earlier.id);
  await dropCurrentEmailCode(tx, account.email);
  const waitSeconds = OTP_RESEND_SECONDS.verifyEmail;
  const code = await issueOtp(tx, { email: newEmail, purpose: 'change_email', waitSeconds, payload: { userId } });
  const currentEmailCode = account.hasPassword
    ? null
    : await issueOtp(tx, {
        email: account.email,
        purpose: 'change_email_old',
        waitSeconds,
        payload: { userId, newEmail },
      });
  return { code, currentEmailCode };
}

/**
 * New codes for the account's pending change, mailed by the caller: one for the new address and, for an account
 * without a password, one for its current address.
 */
export async function reissueEmailChangeCode(
  db: Db,
  account: ChangingAccount,
): Promise<{ email: string; code: string; currentEmailCode: string | null }> {
  const pending = await pendingChangeOf(db, account.userId);
  if (!pending) throw notFound(MSG.noEmailChange);
  const waitSeconds = OTP_RESEND_SECONDS.verifyEmail;
  const whenExpired = () => new AppError('OTP_EXPIRED', MSG.otpExpired);
  const code = await reissueOtp(db, { email: pending.email, purpose: 'change_email', waitSeconds, whenExpired });
  if (code === null) throw notFound(MSG.noEmailChange);
  const currentEmailCode = account.hasPassword
    ? null
    : await reissueOtp(db, { email: account.email, purpose: 'change_email_old', waitSeconds, whenExpired });
  return { email: pending.email, code, currentEmailCode };
}

/** The code sent to the current address of an account without a password must match this very change. */
async function checkCurrentEmailCode(db: Db, account: ChangingAccount, newEmail: string, code: string | undefined) {
  if (!code) throw validationError({ currentEmailOtp: MSG.currentEmailCodeRequired });
  try {
    // Only checked here (a wrong code counts against it); it is used up with the change itself.
    await consumeOtp(db, { email: account.email, purpose: 'change_email_old', code }, async (_tx, row) => {
      if (row.payload?.userId !== account.userId || row.payload?.newEmail !== newEmail) {
        throw new AppError('OTP_INVALID', MSG.otpInvalid);
      }
      return true;
    });
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, { currentEmailOtp: error.message });
    throw error;
  }
}

/**
 * A right code (two for an account without a password) makes the new address the account's (verified) email, in one
 * transaction that checks once more that no other account took it, ends every session of the account and starts a
 * new one for the caller. Answers that session and the address the account had before, which is then told.
 */
export async function confirmEmailChange(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  userId: string,
  input: { otp: string; currentEmailOtp?: string },
): Promise<AuthPayload & { oldEmail: string; name: string }> {
  const pending = await pendingChangeOf(deps.db, userId);
  if (!pending) throw notFound(MSG.noEmailChange);
  const [account] = await deps.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!account) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  if (account.passwordHash === null) {
    const changing = { userId, email: account.email, hasPassword: false };
    await checkCurrentEmailCode(deps.db, changing, pending.email, input.currentEmailOtp);
  }
  try {
    return await consumeOtp(
      deps.db,
      { email: pending.email, purpose: 'change_email', code: input.otp },
      async (tx, row) => {
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
        await dropCurrentEmailCode(tx, current.email);
        // Whoever else held a session (a stolen token included) is signed out; the caller gets a new session.
        await revokeUserSessions(tx, userId);
        const session = await startSession(tx, deps.tokens, userId);
        return { ...session, oldEmail: current.email, name: current.name };
      },
    );
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
