import type { OutboxMail } from '@bagshop/shared/types';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/messages.ts';

const SHOWN = 200;

/** The newest mails of the development outbox. */
export async function listOutbox(db: Db): Promise<OutboxMail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(SHOWN);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}
