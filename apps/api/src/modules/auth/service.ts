// What other modules may use from the auth module: one-time codes and their mail (account's email change).
export { consumeOtp, deleteOtp, emailClaim, issueOtp, reissueOtp } from './otp.ts';
export { sendOtpMail } from './otp-mail.ts';
