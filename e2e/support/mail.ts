import fs from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './env.ts';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

function readAll(): Mail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, name), 'utf8')) as Mail);
}

/** Waits for a mail to `to` received at or after `since` (ms epoch), as the SMTP server the tests started saw it. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readAll().find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The 6-digit code of the newest mail to `to` since `since`. */
export async function waitForCode(to: string, since: number): Promise<string> {
  const mail = await waitForMail(to, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail to ${to}: ${mail.text}`);
  return code;
}
