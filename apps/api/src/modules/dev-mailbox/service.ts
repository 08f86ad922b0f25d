import type { OutboxMail } from '@bagshop/shared/types';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/messages.ts';

const SHOWN = 200;

/** The newest mails the shop printed instead of sending (no SMTP_URL): queued mail appears once the worker has rendered it. */
export async function listOutbox(db: Db): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), isNotNull(mailOutbox.subject), isNotNull(mailOutbox.text)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(SHOWN);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject ?? '',
    text: r.text ?? '',
    createdAt: r.createdAt.toISOString(),
  }));
}
