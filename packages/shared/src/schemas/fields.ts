import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../email-address.ts';
import { DATE_TEXT_MAX, DATE_YEARS, NUMBER_TEXT_MAX, TEXT_LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { PERSON_NAME_PATTERN, PHONE_PATTERN, STRONG_PASSWORD_PATTERN } from '../patterns.ts';
import { hasWholePaise } from '../pricing/money.ts';

/** A required string: a missing field and an empty one both give `required`. */
export const requiredText = (required: string) => z.string({ error: required }).trim().min(1, { error: required });

/**
 * The one email field of every schema: required, at most 254 characters, checked in linear time (no backtracking
 * pattern), lower-cased. `required` is the message for a missing or empty value.
 */
export const emailField = (required: string = MSG.emailRequired) =>
  requiredText(required)
    .max(EMAIL_MAX_LENGTH, { error: MSG.emailInvalid })
    .refine(isEmailAddress, { error: MSG.emailInvalid })
    .transform((v) => v.toLowerCase());

export const email = emailField();

export const loginPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .min(6, { error: MSG.passwordMin })
  .max(128, { error: 'Password must be at most 128 characters' });

export const newPassword = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, { error: MSG.newPasswordRequired })
  .regex(STRONG_PASSWORD_PATTERN, { error: MSG.strongPassword })
  .max(128, { error: 'Password must be at most 128 characters' });

export const confirmPassword = z
  .string({ error: MSG.confirmRequired })
  .min(1, { error: MSG.confirmRequired })
  .max(128, { error: 'Password must be at most 128 characters' });

export const personName = requiredText(MSG.nameRequired)
  .max(TEXT_LIMITS.userName, { error: MSG.nameMax })
  .regex(PERSON_NAME_PATTERN, { error: MSG.nameMax });

export const phone = z
  .string({ error: MSG.phoneInvalid })
  .trim()
  .max(10, { error: MSG.phoneInvalid })
  .regex(PHONE_PATTERN, { error: MSG.phoneInvalid });

/** A number, which a form or multipart field may send as text (never a long one). */
export const numberish = (error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? (v.length <= NUMBER_TEXT_MAX ? Number(v) : Number.NaN) : v),
    z.number({ error }),
  );

/** Rupees with at most two decimals, above 0 and at most `max`. */
export const rupees = (error: string, max: number) =>
  numberish(error)
    .refine((v) => Number.isFinite(v) && v > 0 && v <= max, { error })
    .refine(hasWholePaise, { error });

/** ISO 8601 text: a day, or a day and a time with an optional zone ('2026-11-24', '2026-11-24T10:30:00.000Z'). */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The instant an ISO text names, or an invalid Date: 2026-02-30 is no day (Date would roll it over to March). */
function toInstant(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const iso = value.length <= DATE_TEXT_MAX ? ISO_DATE_TIME.exec(value) : null;
  if (!iso) return new Date(Number.NaN);
  const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const realDay = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return realDay ? new Date(value) : new Date(Number.NaN);
}

/**
 * A date and time: a Date (forms) or its ISO 8601 text (JSON), on a real day in DATE_YEARS. '' and null are a
 * missing date; every failure answers `required`, the message the form shows under the field.
 */
export const instantField = (required: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : toInstant(v)),
    z
      .date({ error: required })
      .refine((d) => d.getUTCFullYear() >= DATE_YEARS.first && d.getUTCFullYear() <= DATE_YEARS.last, {
        error: required,
      }),
  );

/**
 * The refinement of a coupon or offer window: the expiry comes after the activation, judged only once both fields
 * hold dates (their own messages cover the rest). Use as `.refine(...expiryAfterActivation(message))`.
 */
export function expiryAfterActivation(message: string) {
  const check = (window: { activation: Date; expiry: Date }) => window.expiry.getTime() > window.activation.getTime();
  return [
    check,
    {
      error: message,
      path: ['expiry'] as PropertyKey[],
      when: (payload: { value: unknown }): boolean => {
        const v = payload.value as { activation?: unknown; expiry?: unknown };
        return v.activation instanceof Date && v.expiry instanceof Date;
      },
    },
  ] as const;
}
