import { type CodeDelivery, codeSentMessage, DEV_MAILBOX_PATH } from '@bagshop/shared/code-delivery';
import { OTP_TTL_SECONDS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { OtpPurpose } from '@bagshop/shared/otp-purposes';
import type { AppDeps } from '../../platform/deps.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { releaseResendWait } from './otp.ts';

const WHY: Record<OtpPurpose, { subject: string; reason: string }> = {
  register: { subject: MSG.registrationMailSubject, reason: 'to finish creating your Bag Shop account' },
  reset: { subject: MSG.resetMailSubject, reason: 'to reset your Bag Shop password' },
  verify_email: { subject: MSG.verifyEmailMailSubject, reason: 'to verify your email address at Bag Shop' },
  change_email: {
    subject: MSG.emailChangeMailSubject,
    reason: 'to make this address the email of your Bag Shop account',
  },
  change_email_old: {
    subject: MSG.emailChangeOldMailSubject,
    reason: 'to move your Bag Shop account away from this address to a new email',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail that carries a one-time code: plain text first, a simple HTML version beside it. */
export function otpMail(to: string, purpose: OtpPurpose, code: string, name?: string): MailMessage {
  const { subject, reason } = WHY[purpose];
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Your code ${reason} is: ${code}`,
    '',
    `It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail.`,
    '',
    'Bag Shop',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Your code ${escapeHtml(reason)} is:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>It expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail.</p>
<p>Bag Shop</p>`;
  return { to, subject, text, html };
}

/** How a code travelled and what to tell its owner: the development mailbox's path when it waits there. */
export interface CodeTravel {
  message: string;
  delivery: CodeDelivery;
  mailbox?: string;
}

/**
 * Mails a code and says how it travelled: "sent" only when a mail server took it
 * (docs/decisions/057-registration-says-what-happened.md). If the mail cannot go out, the resend wait is lifted so
 * the user can ask again at once.
 */
export async function sendOtpMail(
  deps: AppDeps,
  to: string,
  purpose: OtpPurpose,
  code: string,
  name?: string,
): Promise<CodeTravel> {
  try {
    await deps.mailer.send(otpMail(to, purpose, code, name));
  } catch (error) {
    await releaseResendWait(deps.db, to, purpose);
    throw error;
  }
  const { delivery } = deps.mailer;
  return {
    message: codeSentMessage(delivery),
    delivery,
    ...(delivery === 'devMailbox' ? { mailbox: DEV_MAILBOX_PATH } : {}),
  };
}
