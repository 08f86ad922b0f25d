import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { RegisterInput } from '@bagshop/shared/schemas/auth';
import type { AuthPayload } from '@bagshop/shared/types';
import { REFERRAL_MSG } from '@bagshop/shared/wallet-messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/ids.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { checkReferCode, recordReferral } from '../referrals/service.ts';
import { claimOtp, consumeOtp, deleteOtp, emailClaim, reissueOtp } from './otp.ts';
import { type CodeTravel, sendOtpMail } from './otp-mail.ts';
import { startSession } from './session.ts';

type Registration = Omit<RegisterInput, 'referCode'> & { referCode?: string };

/** The sign-up waiting in otps.payload until its code is verified. */
interface PendingSignUp {
  name: string;
  phone: string;
  passwordHash: string;
  referCode: string | null;
}

const userExists = () => new AppError('EMAIL_TAKEN', MSG.userExists, { email: MSG.userExists });
const signUpPending = () => new AppError('EMAIL_PENDING', MSG.signUpPending, { email: MSG.signUpPending });
const emailPending = () => new AppError('EMAIL_PENDING', MSG.emailPending, { email: MSG.emailPending });

async function liveUserExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return Boolean(row);
}

/**
 * Keeps the sign-up pending and mails its code; no user row exists until the code is verified. While a sign-up of
 * the email waits for its code (until that code expires), another one is refused: a second registration can never
 * put its password on the account the mailbox owner is about to verify.
 */
export async function startRegistration(deps: AppDeps, input: Registration): Promise<CodeTravel> {
  if (await liveUserExists(deps.db, input.email)) throw userExists();
  if (input.referCode && !(await checkReferCode(deps.db, input.referCode, input.email))) {
    throw validationError({ referCode: REFERRAL_MSG.invalidCode });
  }
  // A pending sign-up, or another account's pending change to this address, holds it.
  const claim = await emailClaim(deps.db, input.email);
  if (claim) throw claim === 'register' ? signUpPending() : emailPending();
  const pending: PendingSignUp = {
    name: input.name,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    referCode: input.referCode ?? null,
  };
  const code = await claimOtp(deps.db, { email: input.email, purpose: 'register', payload: { ...pending } });
  if (code === null) throw signUpPending();
  return sendOtpMail(deps, input.email, 'register', code, input.name);
}

/** A new code for the sign-up waiting for one; a sign-up whose code expired must register again. */
export async function resendRegistrationCode(deps: AppDeps, email: string): Promise<CodeTravel> {
  const code = await reissueOtp(deps.db, {
    email,
    purpose: 'register',
    waitSeconds: OTP_RESEND_SECONDS.register,
    whenExpired: () => new AppError('OTP_EXPIRED', MSG.signUpExpired),
  });
  if (code === null) throw notFound();
  return sendOtpMail(deps, email, 'register', code);
}

/** Verifying the code creates the user (email verified) and signs them in, all in one transaction. */
export async function completeRegistration(deps: AppDeps, email: string, code: string): Promise<AuthPayload> {
  try {
    return await consumeOtp(deps.db, { email, purpose: 'register', code }, async (tx, row) => {
      const pending = row.payload as PendingSignUp | null;
      if (!pending) throw new AppError('OTP_INVALID', MSG.otpInvalid);
      if (await liveUserExists(tx, email)) throw userExists();
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: pending.name,
          phone: pending.phone,
          passwordHash: pending.passwordHash,
          emailVerified: true,
        })
        .returning({ id: users.id });
      // The code was checked at sign-up; a code gone since then (its owner deleted) just earns nothing.
      const referrerId = pending.referCode ? await checkReferCode(tx, pending.referCode, email) : null;
      if (referrerId) {
        await recordReferral(tx, {
          referredUserId: user.id,
          referredEmail: email,
          referrerId,
          monthlyCap: deps.config.REFERRAL_MONTHLY_CAP,
        });
      }
      await deleteOtp(tx, row.id);
      return startSession(tx, deps.tokens, user.id);
    });
  } catch (error) {
    // Two verifications racing for one email: the unique index lets only one account through.
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
}
