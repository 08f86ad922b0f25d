// What other modules may use from the auth module: one-time codes and their mail, and starting a session (account's
// email change).
export { consumeOtp, deleteOtp, emailClaim, issueOtp, reissueOtp } from './otp.ts';
export { sendOtpMail } from './otp-mail.ts';
export { startSession } from './session.ts';
