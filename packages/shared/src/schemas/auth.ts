import { z } from 'zod';
import { MSG } from '../messages.ts';
import { OTP_PATTERN } from '../patterns.ts';
import { confirmPassword, email, loginPassword, newPassword, personName, phone } from './fields.ts';

/**
 * The refine arguments that put 'Passwords do not match' under confirmPassword. The check runs as soon as both
 * passwords are strings, so a form shows the mismatch together with the other fields' messages.
 */
function samePasswords<T extends { confirmPassword: string }>(key: keyof T) {
  const check = (v: T) => v[key] === v.confirmPassword;
  const options: { error: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean } = {
    error: MSG.passwordsMismatch,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const v = value as Record<PropertyKey, unknown> | null;
      return typeof v?.[key] === 'string' && typeof v?.confirmPassword === 'string';
    },
  };
  return [check, options] as [typeof check, typeof options];
}

export const loginSchema = z.strictObject({ email, password: loginPassword });
export type LoginInput = z.input<typeof loginSchema>;

const registerFields = {
  name: personName,
  email,
  phone,
  password: loginPassword,
  confirmPassword: z.string({ error: MSG.passwordsMismatch }).max(128, { error: MSG.passwordsMismatch }),
  referCode: z
    .string()
    .trim()
    .max(16, { error: 'Enter a valid referral code' })
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
};

/** What the server accepts at POST /api/user/register. */
export const registerSchema = z
  .strictObject(registerFields)
  .refine(...samePasswords<{ password: string; confirmPassword: string }>('password'));
export type RegisterInput = z.input<typeof registerSchema>;

/** The registration form adds the terms checkbox, which never leaves the browser. */
export const registerFormSchema = z
  .strictObject({
    ...registerFields,
    terms: z.literal(true, { error: MSG.termsRequired }),
  })
  .refine(...samePasswords<{ password: string; confirmPassword: string }>('password'));
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const otpCode = z
  .string({ error: MSG.otpIncomplete })
  .max(6, { error: MSG.otpIncomplete })
  .regex(OTP_PATTERN, { error: MSG.otpIncomplete });

export const verifyOtpSchema = z.strictObject({ email, otp: otpCode });
export type VerifyOtpInput = z.input<typeof verifyOtpSchema>;

export const emailOnlySchema = z.strictObject({ email });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/** A reset needs the short-lived grant handed out by a verified reset code. */
export const resetPasswordSchema = z
  .strictObject({
    email,
    newPassword,
    confirmPassword,
    resetToken: z
      .string({ error: MSG.resetNotVerified })
      .min(1, { error: MSG.resetNotVerified })
      .max(200, { error: MSG.resetNotVerified }),
  })
  .refine(...samePasswords<{ newPassword: string; confirmPassword: string }>('newPassword'));
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const newPasswordFormSchema = z
  .strictObject({ newPassword, confirmPassword })
  .refine(...samePasswords<{ newPassword: string; confirmPassword: string }>('newPassword'));
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: MSG.currentPasswordRequired })
      .min(1, { error: MSG.currentPasswordRequired })
      .max(128, { error: 'Password must be at most 128 characters' }),
    newPassword,
    confirmPassword,
  })
  .refine(...samePasswords<{ newPassword: string; confirmPassword: string }>('newPassword'));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const refreshSchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });

export const verifyEmailCodeSchema = z.strictObject({ otp: otpCode });
