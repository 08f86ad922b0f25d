import { loadConfig } from '../src/config.ts';
import type { MailWorkerDeps } from '../src/modules/mail-outbox/worker.ts';
import { createMailTransport } from '../src/platform/mail.ts';
import { shopMailSources } from '../src/workflows/shop-mail/shop-mail.ts';
import type { TestApp } from './test-app.ts';

/** What the outbox worker needs to send a test app's queued mail to its SMTP catcher, with links to `publicUrl`. */
export function testMailWorkerDeps(
  t: TestApp,
  publicUrl: string,
  onError: (error: unknown) => void = (error) => {
    throw error;
  },
): MailWorkerDeps {
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: t.mail.url, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
  return {
    db: t.database.db,
    transport: createMailTransport({ smtpUrl: t.mail.url, from: config.MAIL_FROM, log: () => {} }),
    sources: shopMailSources(t.database.db, config),
    from: config.MAIL_FROM,
    onError,
  };
}
