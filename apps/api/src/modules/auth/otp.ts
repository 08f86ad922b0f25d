import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { OtpPurpose } from '@bagshop/shared/otp-purposes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { otps } from '../../db/schema/auth.ts';
import { AppError, TryLaterError } from '../../platform/errors.ts';
import { hashOtp, newOtpCode, otpMatches } from '../../platform/otp-codes.ts';

export type OtpRow = typeof otps.$inferSelect;

/** A new code asked for before the resend wait is over. */
export class ResendTooSoonError extends TryLaterError {
  constructor(retryAfter: number) {
    super('RESEND_TOO_SOON', MSG.resendTooSoon, retryAfter);
  }
}

const secondsLeft = (sentAt: Date, waitSeconds: number) =>
  Math.max(1, Math.ceil((sentAt.getTime() + waitSeconds * 1000 - Date.now()) / 1000));

async function tooSoon(db: DbOrTx, email: string, purpose: OtpPurpose, waitSeconds: number): Promise<never> {
  const [row] = await db
    .select({ sentAt: otps.sentAt })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose)));
  throw new ResendTooSoonError(row ? secondsLeft(row.sentAt, waitSeconds) : waitSeconds);
}

const freshCode = (email: string, purpose: OtpPurpose) => {
  const code = newOtpCode();
  return {
    code,
    values: {
      codeHash: hashOtp(purpose, email, code),
      attempts: 0,
      sentAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
      grantHash: null,
      grantExpiresAt: null,
    },
  };
};

/**
 * Stores a new code for (email, purpose), replacing the previous one, unless the previous one was sent
 * less than `waitSeconds` ago. One conditional upsert, so parallel requests cannot both send.
 * Answers the plain code, which only ever leaves the server by mail.
 */
export async function issueOtp(
  db: DbOrTx,
  input: { email: string; purpose: OtpPurpose; waitSeconds: number; payload?: Record<string, unknown> | null },
): Promise<string> {
  const { email, purpose, waitSeconds } = input;
  const { code, values } = freshCode(email, purpose);
  const [row] = await db
    .insert(otps)
    .values({ email, purpose, ...values, payload: input.payload ?? null })
    .onConflictDoUpdate({
      target: [otps.email, otps.purpose],
      set: { ...values, payload: input.payload ?? null },
      setWhere: sql`${otps.sentAt} <= now() - make_interval(secs => ${waitSeconds})`,
    })
    .returning({ id: otps.id });
  if (!row) await tooSoon(db, email, purpose, waitSeconds);
  return code;
}

/**
 * Stores a new code for (email, purpose) unless a live one (not expired) holds it: one conditional upsert, so of
 * parallel claims only one wins. Answers the plain code, or null when a live code already claims the email.
 */
export async function claimOtp(
  db: DbOrTx,
  input: { email: string; purpose: OtpPurpose; payload: Record<string, unknown> },
): Promise<string | null> {
  const { email, purpose, payload } = input;
  const { code, values } = freshCode(email, purpose);
  const [row] = await db
    .insert(otps)
    .values({ email, purpose, ...values, payload })
    .onConflictDoUpdate({
      target: [otps.email, otps.purpose],
      set: { ...values, payload },
      setWhere: sql`${otps.expiresAt} <= now()`,
    })
    .returning({ id: otps.id });
  return row ? code : null;
}

/**
 * What holds `email` while its code is out: a live sign-up, a live email change of another account
 * (`exceptUserId`'s own change does not count), or nothing. Nobody else can take an address held this way.
 */
export async function emailClaim(
  db: DbOrTx,
  email: string,
  exceptUserId?: string,
): Promise<'register' | 'change_email' | null> {
  const rows = await db
    .select({ purpose: otps.purpose, payload: otps.payload })
    .from(otps)
    .where(
      and(eq(otps.email, email), inArray(otps.purpose, ['register', 'change_email']), sql`${otps.expiresAt} > now()`),
    );
  if (rows.some((row) => row.purpose === 'register')) return 'register';
  if (rows.some((row) => row.payload?.userId !== exceptUserId)) return 'change_email';
  return null;
}

/**
 * A new code for an existing (email, purpose) row, keeping its payload; null when there is no such row. With
 * `whenExpired`, a row whose code has expired is not revived: that error is thrown instead.
 */
export async function reissueOtp(
  db: DbOrTx,
  input: { email: string; purpose: OtpPurpose; waitSeconds: number; whenExpired?: () => Error },
): Promise<string | null> {
  const { email, purpose, waitSeconds, whenExpired } = input;
  const { code, values } = freshCode(email, purpose);
  const [row] = await db
    .update(otps)
    .set(values)
    .where(
      and(
        eq(otps.email, email),
        eq(otps.purpose, purpose),
        sql`${otps.sentAt} <= now() - make_interval(secs => ${waitSeconds})`,
        whenExpired ? sql`${otps.expiresAt} > now()` : undefined,
      ),
    )
    .returning({ id: otps.id });
  if (row) return code;
  const [exists] = await db
    .select({ id: otps.id, expired: sql<boolean>`${otps.expiresAt} <= now()` })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose)));
  if (!exists) return null;
  if (whenExpired && exists.expired) throw whenExpired();
  return tooSoon(db, email, purpose, waitSeconds);
}

/** Lets the user ask again at once, e.g. when the mail carrying the code could not be sent. */
export async function releaseResendWait(db: DbOrTx, email: string, purpose: OtpPurpose): Promise<void> {
  await db
    .update(otps)
    .set({ sentAt: sql`to_timestamp(0)` })
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose)));
}

type Check = { ok: true; row: OtpRow } | { ok: false; error: AppError };

async function check(tx: Tx, email: string, purpose: OtpPurpose, code: string): Promise<Check> {
  const [row] = await tx
    .select()
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose)))
    .for('update');
  if (!row) return { ok: false, error: new AppError('OTP_INVALID', MSG.otpInvalid) };
  if (row.attempts >= OTP_MAX_ATTEMPTS)
    return { ok: false, error: new AppError('OTP_TOO_MANY_TRIES', MSG.otpTooManyTries) };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, error: new AppError('OTP_EXPIRED', MSG.otpExpired) };
  if (otpMatches(row.codeHash, purpose, email, code)) return { ok: true, row };
  const attempts = row.attempts + 1;
  await tx.update(otps).set({ attempts }).where(eq(otps.id, row.id));
  return attempts >= OTP_MAX_ATTEMPTS
    ? { ok: false, error: new AppError('OTP_TOO_MANY_TRIES', MSG.otpTooManyTries) }
    : { ok: false, error: new AppError('OTP_INVALID', MSG.otpInvalid) };
}

/**
 * Checks a code under a row lock and, when it is right, runs `onValid` in the same transaction
 * (which must consume the row). A wrong code's attempt is committed before the error is thrown.
 */
export async function consumeOtp<T>(
  db: Db,
  input: { email: string; purpose: OtpPurpose; code: string },
  onValid: (tx: Tx, row: OtpRow) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const result = await check(tx, input.email, input.purpose, input.code);
    if (!result.ok) return result;
    return { ok: true as const, value: await onValid(tx, result.row) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

export async function deleteOtp(db: DbOrTx, id: string): Promise<void> {
  await db.delete(otps).where(eq(otps.id, id));
}
