import type { CodeDelivery } from '@bagshop/shared/code-delivery';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/messages.ts';
import { oneLine } from './log-text.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * What a production log shows of this mail when it is only printed (no SMTP_URL): its kind and masked parties,
   * e.g. `contact message from a***@example.in`, never the text. Without it the mail is printed whole (the code
   * mails: printing is the only way to read them then).
   */
  notice?: string;
}

export interface Mailer {
  /** Where a mail it sends ends up, so a code's answer can say where the code is (`@bagshop/shared/code-delivery`). */
  readonly delivery: CodeDelivery;
  send(message: MailMessage): Promise<void>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail of the outbox as the worker hands it over: its Message-ID stays the same on every attempt. */
export interface OutgoingMail extends MailMessage {
  messageId: string;
  attachments?: MailAttachment[];
  /** Its kind and order in a few words, for the log line that stands for it when mail is not sent. */
  about?: string;
}

/** An address as a log may show it: the first letter of the mailbox and the domain (`a***@example.in`). */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** Where the outbox worker hands its mail: SMTP when `smtpUrl` is set, else the console. */
export interface MailTransport {
  /** False when mail is only printed (no SMTP_URL). */
  readonly sends: boolean;
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  log: (line: string) => void;
  /**
   * Without `smtpUrl`: `whole` (the default) prints each mail with its text; `line` prints one short line per mail
   * (kind, order, masked address), so a production log holds no order details and is not slowed by them.
   */
  print?: 'whole' | 'line';
}): MailTransport {
  if (options.smtpUrl) {
    // Short timeouts, far below the worker's lease: a hanging server fails the attempt before another worker retries.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      sends: true,
      async deliver(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  if (options.print !== 'line') {
    return {
      sends: false,
      async deliver(mail) {
        const attached = (mail.attachments ?? []).map((a) => ` [attachment ${a.filename}, ${a.content.length} bytes]`);
        options.log(`${wholeMailLine(mail)}${oneLine(attached.join(''))}`);
      },
      close() {},
    };
  }
  return {
    sends: false,
    async deliver(mail) {
      options.log(`[mail, not sent] ${oneLine(mail.about ?? 'mail')} to ${oneLine(maskedAddress(mail.to))}`);
    },
    close() {},
  };
}

/**
 * A mail printed instead of sent, as one log line: whatever its text holds (a name or a message someone typed) stays
 * on that line, its line breaks written as `\n` (platform/log-text.ts).
 */
function wholeMailLine(mail: MailMessage): string {
  return `[mail, not sent] to ${oneLine(mail.to)}: ${oneLine(mail.subject)}: ${oneLine(mail.text)}`;
}

/** The domain part of a Message-ID: the sender's domain, so replies and threads stay with the shop. */
export function messageIdDomain(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1];
  return domain ?? 'bagshop.local';
}

/**
 * Mail sent at once (sign-in and reset codes, profile and Contact-page mail): SMTP when `smtpUrl` is set. Otherwise
 * it is printed to the console, one line per mail, and kept in the mail table that /dev/mailbox shows only when
 * `outbox` is on (development): in production nobody can read it over HTTP, and a mail with a `notice` is printed
 * as that notice only.
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
      delivery: 'mail',
      async send({ notice: _notice, ...message }) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    delivery: options.outbox ? 'devMailbox' : 'console',
    async send(message) {
      if (options.outbox) {
        await options.db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          sentAt: new Date(),
        });
      }
      // Production prints a mail that has a notice as that notice alone (the text stays in the database).
      options.log(
        message.notice && !options.outbox
          ? `[mail, not sent] ${oneLine(message.notice)} to ${oneLine(maskedAddress(message.to))}`
          : wholeMailLine(message),
      );
    },
  };
}
