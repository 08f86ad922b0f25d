import { z } from 'zod';
import { CODE_DELIVERIES } from '../code-delivery.ts';
import { MSG } from '../messages.ts';
import { OTP_PATTERN } from '../patterns.ts';
import { USER_EXAMPLES, userAnswer } from './account.ts';
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

export const loginSchema = z
  .strictObject({ email, password: loginPassword })
  .meta({ examples: [{ email: 'asha.rao@example.in', password: 'Bagshop@123' }] });
export type LoginInput = z.input<typeof loginSchema>;

const registerFields = {
  name: personName,
  email,
  phone,
  password: loginPassword,
  // Empty is flagged as such, not as a mismatch (docs/decisions/057-registration-says-what-happened.md).
  confirmPassword,
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
  .refine(...samePasswords<{ password: string; confirmPassword: string }>('password'))
  .meta({
    examples: [
      {
        name: 'Asha Rao',
        email: 'asha.rao@example.in',
        phone: '9876543210',
        password: 'Bagshop@123',
        confirmPassword: 'Bagshop@123',
        referCode: 'K7M2Q9XA',
      },
    ],
  });
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

export const verifyOtpSchema = z
  .strictObject({ email, otp: otpCode })
  .meta({ examples: [{ email: 'asha.rao@example.in', otp: '482913' }] });
export type VerifyOtpInput = z.input<typeof verifyOtpSchema>;

export const emailOnlySchema = z.strictObject({ email }).meta({ examples: [{ email: 'asha.rao@example.in' }] });
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
  .refine(...samePasswords<{ newPassword: string; confirmPassword: string }>('newPassword'))
  .meta({
    examples: [
      {
        email: 'asha.rao@example.in',
        newPassword: 'Monsoon@2026',
        confirmPassword: 'Monsoon@2026',
        resetToken: 'q3Zr8xK1vN0bT5yW2mH7cL4pF9sD6gJ1aE8uR3oI5kY',
      },
    ],
  });
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
  .refine(...samePasswords<{ newPassword: string; confirmPassword: string }>('newPassword'))
  .meta({
    examples: [{ currentPassword: 'Bagshop@123', newPassword: 'Monsoon@2026', confirmPassword: 'Monsoon@2026' }],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const refreshSchema = z
  .strictObject({ refreshToken: z.string().min(1).max(200) })
  .meta({ examples: [{ refreshToken: 'Yp4kR9vB2nX7qL1sT8wZ3mC6dF0hJ5gA2eU9oI4rK7s' }] });

export const verifyEmailCodeSchema = z.strictObject({ otp: otpCode }).meta({ examples: [{ otp: '482913' }] });

/**
 * POST /api/user/account/verify-email-change: the code sent to the new address and, for an account without a
 * password, the code sent to its current address.
 */
export const verifyEmailChangeSchema = z
  .strictObject({
    otp: otpCode,
    currentEmailOtp: otpCode
      .optional()
      .meta({ description: 'The code sent to the current address; required for an account without a password.' }),
  })
  .meta({ examples: [{ otp: '482913' }] });
export type VerifyEmailChangeInput = z.input<typeof verifyEmailChangeSchema>;

/** POST /api/user/logout: the refresh token to revoke (with its family), if the browser still holds one. */
export const logoutSchema = z
  .strictObject({ refreshToken: z.string().max(200).optional() })
  .meta({ examples: [{ refreshToken: 'Yp4kR9vB2nX7qL1sT8wZ3mC6dF0hJ5gA2eU9oI4rK7s' }] })
  .nullish();

/** GET /api/user/auth/google/start: where to land after signing in (a path of this shop). */
export const googleStartQuery = z.strictObject({ redirect: z.string().max(500).optional() });

/** GET /api/user/google: the provider adds its own parameters (scope, authuser, …); all go to the token check. */
export const googleCallbackQuery = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

const TOKENS_EXAMPLE = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwZjhlNGMxYSJ9.c2lnbmF0dXJl',
  refreshToken: 'Yp4kR9vB2nX7qL1sT8wZ3mC6dF0hJ5gA2eU9oI4rK7s',
};
const SESSION_EXAMPLE = { user: USER_EXAMPLES.user, ...TOKENS_EXAMPLE };

/** A new session: the user, a short-lived access token and the refresh token that renews it. */
export const sessionAnswer = z
  .object({ user: userAnswer, token: z.string(), refreshToken: z.string() })
  .meta({ id: 'Session', examples: [SESSION_EXAMPLE] });

/**
 * How the code travelled (code-delivery.ts) and what to tell the person: `mailbox` is the development mailbox's
 * path, present only when the code waits there.
 */
const codeSentFields = {
  message: z.string(),
  delivery: z.enum(CODE_DELIVERIES),
  mailbox: z.string().optional(),
};

/** POST /api/user/resend-otp: a new code, and how it travelled. */
export const codeSentAnswer = z
  .object(codeSentFields)
  .meta({ examples: [{ message: 'OTP sent to your email!', delivery: 'mail' }] });
export type CodeSentAnswer = z.infer<typeof codeSentAnswer>;

/** POST /api/user/register (201): the sign-up waits for its code; how the code travelled to this address. */
export const registrationStartedAnswer = z.object({ ...codeSentFields, email: z.string() }).meta({
  examples: [
    { message: 'OTP sent to your email!', delivery: 'mail', email: 'asha.rao@example.in' },
    {
      message: 'No mail was sent (development mode): your code is in the development mailbox.',
      delivery: 'devMailbox',
      mailbox: '/dev/mailbox',
      email: 'asha.rao@example.in',
    },
  ],
});

/** POST /api/user/verify-otp: the account exists now and is signed in. */
export const registeredAnswer = sessionAnswer
  .extend({ message: z.string() })
  .meta({ examples: [{ message: 'User successfully registered', ...SESSION_EXAMPLE }] });

/** POST /api/user/auth/refresh: a new pair (the refresh token rotates). */
export const refreshedAnswer = z.object({ accessToken: z.string(), refreshToken: z.string() }).meta({
  examples: [{ accessToken: TOKENS_EXAMPLE.token, refreshToken: 'Hn2cW8zQ5tV1xB7kM4rJ9pL3fS6dG0aY2eU8oI1uT5w' }],
});

/**
 * POST /api/user/account/verify-email-change: the changed user and a new session for the browser that confirmed;
 * every other session of the account has ended.
 */
export const emailChangedAnswer = z
  .object({ message: z.string(), user: userAnswer, token: z.string(), refreshToken: z.string() })
  .meta({ examples: [{ message: 'Your email has been changed', ...SESSION_EXAMPLE }] });
export type EmailChangedAnswer = z.infer<typeof emailChangedAnswer>;

/** POST /api/user/verify-otp-password: the short-lived grant that POST reset-password needs. */
export const resetGrantAnswer = z.object({ message: z.string(), resetToken: z.string() }).meta({
  examples: [{ message: 'OTP Verified Successfully!', resetToken: 'q3Zr8xK1vN0bT5yW2mH7cL4pF9sD6gJ1aE8uR3oI5kY' }],
});

/** GET /api/user/auth/google/config */
export const googleConfigAnswer = z.object({ enabled: z.boolean() }).meta({ examples: [{ enabled: true }] });

/** GET /api/user/google: a session, and the shop path to go on to. */
export const googleSignInAnswer = sessionAnswer
  .extend({ redirect: z.string() })
  .meta({ examples: [{ ...SESSION_EXAMPLE, redirect: '/checkout' }] });

export type RegistrationStartedAnswer = z.infer<typeof registrationStartedAnswer>;
export type RegisteredAnswer = z.infer<typeof registeredAnswer>;
export type ResetGrantAnswer = z.infer<typeof resetGrantAnswer>;
export type GoogleConfigAnswer = z.infer<typeof googleConfigAnswer>;
export type GoogleSignInAnswer = z.infer<typeof googleSignInAnswer>;
export type VerifyEmailCodeInput = z.input<typeof verifyEmailCodeSchema>;
