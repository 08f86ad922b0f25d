import crypto from 'node:crypto';
import { OTP_LENGTH } from '@bagshop/shared/limits';
import type { OtpPurpose } from '@bagshop/shared/otp-purposes';
import { sha256 } from './secrets.ts';

/** A one-time code of OTP_LENGTH digits from the crypto RNG. */
export function newOtpCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** Codes are stored only as this hash, bound to their purpose and email. */
export function hashOtp(purpose: OtpPurpose, email: string, code: string): string {
  return sha256(`${purpose}:${email}:${code}`);
}

export function otpMatches(storedHash: string, purpose: OtpPurpose, email: string, code: string): boolean {
  const given = Buffer.from(hashOtp(purpose, email, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}
