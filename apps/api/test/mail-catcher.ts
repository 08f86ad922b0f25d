import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** Waits for the next message to `to` whose subject matches, received after this call or not yet consumed. */
  next(to: string, subject?: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  /** The 6-digit code in the next message to `to`. */
  nextCode(to: string, subject?: RegExp): Promise<string>;
  /** While on, the server answers every mail with a temporary failure (451), as a server in trouble does. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const consumed = new Set<CaughtMail>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      const error = Object.assign(new Error('Service unavailable, try again later'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          messages.push({
            to: toField.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  async function next(to: string, subject?: RegExp, timeoutMs = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(
        (m) => !consumed.has(m) && m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)),
      );
      if (found) {
        consumed.add(found);
        return found;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
  }

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    next,
    async nextCode(to, subject) {
      const mail = await next(to, subject);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`No 6-digit code in mail to ${to}: ${mail.text}`);
      return code;
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
