import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/messages.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `smtpUrl` is set; otherwise the development outbox (a table, printed to the console). */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await options.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      options.log(`[dev mail] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}
