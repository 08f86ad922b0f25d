import { OTP_TTL_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/ids.ts';
import { otps } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashOtp, newOtpCode } from '../../platform/otp-codes.ts';
import { loadUserDto } from '../users/profile.ts';

export async function getAccount(db: Db, userId: string): Promise<UserDto> {
  const user = await loadUserDto(db, userId);
  if (!user) throw notFound();
  return user;
}

const emailTaken = () => new AppError('EMAIL_TAKEN', MSG.emailTaken, { email: MSG.emailTaken });

/**
 * Name, email and phone only (the schema refuses anything else). A new email is unverified until the
 * code mailed to it is entered. A mail that cannot go out is answered as `mailError`, not thrown.
 */
export async function updateProfile(
  deps: { db: Db; mailer: Mailer },
  userId: string,
  input: { name: string; email: string; phone: string },
): Promise<{ user: UserDto; mailError?: unknown }> {
  const { db } = deps;
  let code: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!current) throw notFound();
      const emailChanged = current.email !== input.email;
      if (emailChanged) {
        const [other] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email), isNull(users.deletedAt), ne(users.id, userId)));
        if (other) throw emailTaken();
      }
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phone: input.phone,
          updatedAt: new Date(),
          ...(emailChanged ? { emailVerified: false } : {}),
        })
        .where(eq(users.id, userId));
      if (emailChanged) {
        code = newOtpCode();
        const now = new Date();
        const row = {
          codeHash: hashOtp('verify_email', input.email, code),
          attempts: 0,
          payload: { userId },
          sentAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
          grantHash: null,
          grantExpiresAt: null,
        };
        await tx
          .insert(otps)
          .values({ email: input.email, purpose: 'verify_email', ...row })
          .onConflictDoUpdate({ target: [otps.email, otps.purpose], set: row });
      }
    });
  } catch (error) {
    // Two accounts switching to the same email at once: the partial unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  let mailError: unknown;
  if (code) {
    try {
      await sendVerifyEmailCode(deps.mailer, input.email, code);
    } catch (error) {
      // The profile is saved; lifting the resend wait lets the user ask for a code again at once.
      mailError = error;
      await db
        .update(otps)
        .set({ sentAt: new Date(0) })
        .where(and(eq(otps.email, input.email), eq(otps.purpose, 'verify_email')));
    }
  }
  return { user: await getAccount(db, userId), mailError };
}

async function sendVerifyEmailCode(mailer: Mailer, email: string, code: string) {
  const minutes = OTP_TTL_SECONDS / 60;
  await mailer.send({
    to: email,
    subject: MSG.verifyEmailMailSubject,
    text: `Your Bag Shop email verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not change your email, you can ignore this message.`,
  });
}
