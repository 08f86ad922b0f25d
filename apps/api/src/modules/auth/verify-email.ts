import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { loadUserDto } from '../users/service.ts';
import { consumeOtp, deleteOtp, issueOtp } from './otp.ts';
import { sendOtpMail } from './otp-mail.ts';

async function currentUser(deps: AppDeps, userId: string) {
  const [user] = await deps.db
    .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  return user;
}

export async function sendEmailVerificationCode(deps: AppDeps, userId: string): Promise<void> {
  const user = await currentUser(deps, userId);
  if (user.emailVerified) throw new AppError('CONFLICT', MSG.emailAlreadyVerified);
  const code = await issueOtp(deps.db, {
    email: user.email,
    purpose: 'verify_email',
    waitSeconds: OTP_RESEND_SECONDS.verifyEmail,
  });
  await sendOtpMail(deps, user.email, 'verify_email', code, user.name);
}

/** The code is bound to the address it was mailed to, so it only verifies the user's current email. */
export async function verifyEmail(deps: AppDeps, userId: string, code: string): Promise<UserDto> {
  const user = await currentUser(deps, userId);
  if (user.emailVerified) throw new AppError('CONFLICT', MSG.emailAlreadyVerified);
  return consumeOtp(deps.db, { email: user.email, purpose: 'verify_email', code }, async (tx, row) => {
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.email, user.email)));
    await deleteOtp(tx, row.id);
    const dto = await loadUserDto(tx, userId);
    if (!dto) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
    return dto;
  });
}
