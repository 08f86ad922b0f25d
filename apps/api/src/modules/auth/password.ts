import crypto from 'node:crypto';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { otps } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { restore } from '../../platform/rate-limits.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { enqueueMail } from '../mail-outbox/service.ts';
import { consumeOtp, issueOtp } from './otp.ts';
import { sendOtpMail } from './otp-mail.ts';

async function liveUser(deps: AppDeps, email: string) {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return user;
}

/**
 * Unknown emails get the same answer and the same resend wait as real ones (a code is stored but never
 * mailed), so this endpoint cannot be used to find out who has an account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const code = await issueOtp(deps.db, { email, purpose: 'reset', waitSeconds: OTP_RESEND_SECONDS.reset });
  const user = await liveUser(deps, email);
  if (user) await sendOtpMail(deps, email, 'reset', code, user.name);
}

/** A right reset code is traded for a grant: random, stored hashed, valid 10 minutes, good for one reset. */
export async function verifyPasswordResetCode(deps: AppDeps, email: string, code: string): Promise<string> {
  const user = await liveUser(deps, email);
  return consumeOtp(deps.db, { email, purpose: 'reset', code }, async (tx, row) => {
    if (!user) throw new AppError('OTP_INVALID', MSG.otpInvalid);
    const grant = randomToken(32);
    await tx
      .update(otps)
      .set({
        // The code itself is used up: only the grant is left.
        codeHash: '',
        grantHash: sha256(grant),
        grantExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      })
      .where(eq(otps.id, row.id));
    return grant;
  });
}

const grantMatches = (storedHash: string | null, grant: string) => {
  if (!storedHash) return false;
  const given = Buffer.from(sha256(grant), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
};

export async function resetPassword(
  deps: AppDeps,
  input: { email: string; newPassword: string; resetToken: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otps)
      .where(and(eq(otps.email, input.email), eq(otps.purpose, 'reset')))
      .for('update');
    if (!row || !grantMatches(row.grantHash, input.resetToken)) return false;
    if (!row.grantExpiresAt || row.grantExpiresAt.getTime() <= Date.now()) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) return false;
    await tx.delete(otps).where(eq(otps.id, row.id));
    await revokeUserSessions(tx, user.id);
    await enqueuePasswordChangedMail(tx, user.id);
    return true;
  });
  if (!done) throw new AppError('RESET_NOT_VERIFIED', MSG.resetNotVerified);
  // The owner proved the mailbox: failed sign-ins of others no longer keep them out.
  await restore(deps.db, 'login', { account: input.email });
}

export async function changePassword(
  deps: AppDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw validationError({ currentPassword: MSG.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    await enqueuePasswordChangedMail(tx, userId);
  });
}

/** Tells the owner, so a change they did not make does not go unnoticed. */
function enqueuePasswordChangedMail(tx: Tx, userId: string): Promise<void> {
  const at = new Date().toISOString();
  return enqueueMail(tx, `password-changed:${userId}:${at}`, { userId }, 'password-changed', { at });
}
