import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { otps } from '../../db/schema/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { hashOtp, newOtpCode, type OtpPurpose, otpMatches } from '../../platform/otp-codes.ts';

export type OtpRow = typeof otps.$inferSelect;

/** A 429 that also tells the client, through the retry-after header, how long to wait. */
export class ResendTooSoonError extends AppError {
  constructor(readonly retryAfter: number) {
    super('RESEND_TOO_SOON', MSG.resendTooSoon);
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

/** A new code for an existing (email, purpose) row, keeping its payload; null when there is no such row. */
export async function reissueOtp(
  db: DbOrTx,
  input: { email: string; purpose: OtpPurpose; waitSeconds: number },
): Promise<string | null> {
  const { email, purpose, waitSeconds } = input;
  const { code, values } = freshCode(email, purpose);
  const [row] = await db
    .update(otps)
    .set(values)
    .where(
      and(
        eq(otps.email, email),
        eq(otps.purpose, purpose),
        sql`${otps.sentAt} <= now() - make_interval(secs => ${waitSeconds})`,
      ),
    )
    .returning({ id: otps.id });
  if (row) return code;
  const [exists] = await db
    .select({ id: otps.id })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose)));
  if (!exists) return null;
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
