/** What a one-time code is for: registering, resetting the password, verifying or changing the email. */
export const OTP_PURPOSES = ['register', 'reset', 'verify_email', 'change_email'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
