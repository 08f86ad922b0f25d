import { emailPersonKey } from '@bagshop/shared/email-address';
import { MSG } from '@bagshop/shared/messages';
import type { UpdateProfileInput } from '@bagshop/shared/schemas/account';
import type { VerifyEmailChangeInput } from '@bagshop/shared/schemas/auth';
import type { AuthPayload, UserDto } from '@bagshop/shared/types';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { spend } from '../../platform/rate-limits.ts';
import { sendOtpMail } from '../auth/service.ts';
import { loadUserDto } from '../users/service.ts';
import {
  type ChangingAccount,
  confirmEmailChange,
  emailChangedNotice,
  reissueEmailChangeCode,
  requestEmailChange,
} from './email-change.ts';

export async function getAccount(db: Db, userId: string): Promise<UserDto> {
  const user = await loadUserDto(db, userId);
  if (!user) throw notFound();
  return user;
}

/**
 * A new email on an account with a password needs that password: a stolen access token alone cannot move the account
 * to another mailbox. Wrong passwords count as failed sign-ins of the account (the same allowance, per account and
 * per address, as POST /login), so guesses here and there share one limit.
 */
async function checkPasswordForEmailChange(
  db: Db,
  account: { email: string; passwordHash: string },
  currentPassword: string | undefined,
  address: string,
): Promise<void> {
  if (!currentPassword) throw validationError({ currentPassword: MSG.emailChangePasswordRequired });
  const giveBack = await spend(db, 'login', { account: account.email, address });
  if (!(await verifyPassword(account.passwordHash, currentPassword))) {
    throw validationError({ currentPassword: MSG.currentPasswordWrong });
  }
  await giveBack();
}

/**
 * Name, email and phone only (the schema refuses anything else). Name and phone change at once; a new email does
 * not: it needs the current password (or, for an account without one, a second code sent to the current address),
 * a code goes to the new address (`pendingEmail`) and the change takes effect when it comes back
 * (confirmEmailChange). Nothing is saved when the password is missing or wrong. A mail that cannot go out is
 * answered as `mailError`, not thrown.
 */
export async function updateProfile(
  deps: AppDeps,
  userId: string,
  input: UpdateProfileInput,
  address: string,
): Promise<{ user: UserDto; pendingEmail?: string; currentEmailCodeSent?: boolean; mailError?: unknown }> {
  const { db } = deps;
  const [current] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!current) throw notFound();
  const emailChanges = current.email !== input.email;
  const account = { userId, email: current.email, hasPassword: current.passwordHash !== null };
  if (emailChanges && current.passwordHash !== null) {
    await checkPasswordForEmailChange(
      db,
      { email: current.email, passwordHash: current.passwordHash },
      input.currentPassword,
      address,
    );
  }
  if (emailChanges) await spend(db, 'emailChange', { account: userId, mailbox: emailPersonKey(input.email), address });
  const codes = await db.transaction(async (tx) => {
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
    return emailChanges ? requestEmailChange(tx, account, input.email) : null;
  });
  let mailError: unknown;
  if (codes) mailError = await mailChangeCodes(deps, { ...codes, newEmail: input.email, account, name: input.name });
  return {
    user: await getAccount(db, userId),
    ...(emailChanges ? { pendingEmail: input.email } : {}),
    ...(emailChanges && !account.hasPassword ? { currentEmailCodeSent: true } : {}),
    ...(mailError ? { mailError } : {}),
  };
}

/** Mails the change's codes; answers the error of a mail that could not go out (its resend wait is lifted). */
async function mailChangeCodes(
  deps: AppDeps,
  input: { code: string; currentEmailCode: string | null; newEmail: string; account: ChangingAccount; name: string },
): Promise<unknown> {
  try {
    await sendOtpMail(deps, input.newEmail, 'change_email', input.code, input.name);
    if (input.currentEmailCode) {
      await sendOtpMail(deps, input.account.email, 'change_email_old', input.currentEmailCode, input.name);
    }
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Mails new codes for the pending email change (to the new address, and to the current one when it takes part). */
export async function resendEmailChangeCode(deps: AppDeps, userId: string): Promise<void> {
  const [current] = await deps.db
    .select({ email: users.email, name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!current) throw notFound();
  const account = { userId, email: current.email, hasPassword: current.passwordHash !== null };
  const { email, code, currentEmailCode } = await reissueEmailChangeCode(deps.db, account);
  const mailError = await mailChangeCodes(deps, {
    code,
    currentEmailCode,
    newEmail: email,
    account,
    name: current.name,
  });
  if (mailError) throw mailError;
}

/**
 * Verifies the code(s) of the pending email change, then tells the old address. Every other session has ended; the
 * answer carries the caller's new one. A notice that fails is `mailError`.
 */
export async function verifyEmailChange(
  deps: AppDeps,
  userId: string,
  input: VerifyEmailChangeInput,
): Promise<AuthPayload & { mailError?: unknown }> {
  const { oldEmail, name, ...session } = await confirmEmailChange(deps, userId, input);
  const notice = emailChangedNotice({
    to: oldEmail,
    name,
    newEmail: session.user.email,
    storeEmail: deps.config.STORE_EMAIL,
  });
  try {
    await deps.mailer.send(notice);
    return session;
  } catch (mailError) {
    return { ...session, mailError };
  }
}
