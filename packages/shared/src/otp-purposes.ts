/**
 * What a one-time code is for: registering, resetting the password, verifying or changing the email, and (for an
 * account without a password) the old address agreeing to an email change.
 */
export const OTP_PURPOSES = ['register', 'reset', 'verify_email', 'change_email', 'change_email_old'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
