import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema/messages.ts';
import { DEMO_DOMAIN } from './demo-domain.ts';

const HOUR = 60 * 60 * 1000;

/** The demo inbox; earlier versions gave the senders example.in addresses (moveDemoAccounts moves them). */
export const MESSAGES = [
  {
    name: 'Priya Nair',
    email: `priya.nair@${DEMO_DOMAIN}`,
    message: 'Do you ship to Thrissur? I would like the Leather Work Tote in brown before Onam.',
    hoursAgo: 3,
    read: false,
  },
  {
    name: 'Rahul Verma',
    email: `rahul.verma@${DEMO_DOMAIN}`,
    message: 'My trolley bag arrived with a scratch on the shell. Can I exchange it rather than return it?',
    hoursAgo: 26,
    read: false,
  },
  {
    name: 'Meera Iyer',
    email: `meera.iyer@${DEMO_DOMAIN}`,
    message: 'Thank you for the quick delivery to Chennai. The laptop sleeve fits my 14-inch laptop perfectly.',
    hoursAgo: 80,
    read: true,
  },
];

/** A few Contact page messages so the inbox of a demo shop has something to read. Runs on an empty inbox only. */
export async function seedMessages(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(contactMessages);
  if (count > 0) return false;
  const now = Date.now();
  await db.insert(contactMessages).values(
    MESSAGES.map(({ hoursAgo, read, ...message }) => {
      const createdAt = new Date(now - hoursAgo * HOUR);
      return { ...message, createdAt, readAt: read ? new Date(createdAt.getTime() + HOUR) : null };
    }),
  );
  return true;
}
