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

/**
 * SMTP when `smtpUrl` is set. Otherwise mail is printed to the console, and kept in the outbox table that
 * /dev/mailbox shows only when `outbox` is on (development): in production nobody can read it over HTTP.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: (line: string) => void;
  outbox: boolean;
}): Mailer {
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
      if (options.outbox) {
        await options.db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        });
      }
      options.log(`[mail, not sent] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}
