import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../email-address.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { PERSON_NAME_PATTERN, PHONE_PATTERN, STRONG_PASSWORD_PATTERN } from '../patterns.ts';

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

export const confirmPassword = z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired });

export const personName = requiredText(MSG.nameRequired)
  .max(TEXT_LIMITS.userName, { error: MSG.nameMax })
  .regex(PERSON_NAME_PATTERN, { error: MSG.nameMax });

export const phone = z.string({ error: MSG.phoneInvalid }).trim().regex(PHONE_PATTERN, { error: MSG.phoneInvalid });
