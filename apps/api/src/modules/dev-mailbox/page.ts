import { SHOP_TIME_ZONE } from '@bagshop/shared/insight';
import type { OutboxMail } from '@bagshop/shared/types';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: SHOP_TIME_ZONE }).format(
    new Date(iso),
  );

/** Every value from the outbox is escaped: mail text can hold whatever a visitor typed. */
export function renderMailbox(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(time(m.createdAt))} IST</time></p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bag Shop · development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1rem;color:#222}
article{border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
h1{font-size:1.4rem}h2{font-size:1.05rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .5rem;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:.95rem}
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>Mail the shop would have sent, newest first. It appears here because no SMTP server is configured.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
