import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema/messages.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, hasDemoData, OLD_DEMO_ADDRESSES } from './demo.ts';
import { MESSAGES } from './messages.ts';
import { CUSTOMERS, demoCustomerEmail } from './sales.ts';

export interface DemoMove {
  from: string;
  to: string;
}

/**
 * Earlier versions seeded the demo accounts at real, registrable domains (admin@bagshop.in, shopper@bagshop.in, the
 * demo customers at example.in): whoever receives mail there could reset their passwords. At start, a database the
 * demo seed filled (its 'demo-data' fact) has those seeded accounts, and the seeded contact messages, moved to the
 * reserved demo domain. Only the exact addresses the seed wrote are moved, each only while it is a live account of
 * the kind seeded (the administrator still an administrator, a customer still under the seeded name) and its new
 * address is free; a shop the demo seed never filled is left alone. Idempotent: answers the moves made now.
 */
export async function moveDemoAccounts(db: Db): Promise<DemoMove[]> {
  if (!(await hasDemoData(db))) return [];
  const candidates: Array<DemoMove & { also?: SQL }> = [
    { from: OLD_DEMO_ADDRESSES.admin, to: DEMO_ADMIN.email, also: eq(users.isAdmin, true) },
    { from: OLD_DEMO_ADDRESSES.shopper, to: DEMO_SHOPPER.email },
    ...CUSTOMERS.map(([name]) => ({
      from: demoCustomerEmail(name, OLD_DEMO_ADDRESSES.customers),
      to: demoCustomerEmail(name),
      also: eq(users.name, name),
    })),
  ];
  return db.transaction(async (tx) => {
    const moved: DemoMove[] = [];
    for (const { from, to, also } of candidates) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, to), isNull(users.deletedAt)));
      if (taken) continue;
      const rows = await tx
        .update(users)
        .set({ email: to, updatedAt: new Date() })
        .where(and(eq(users.email, from), isNull(users.deletedAt), also))
        .returning({ id: users.id });
      if (rows.length > 0) moved.push({ from, to });
    }
    for (const message of MESSAGES) {
      const [local] = message.email.split('@');
      await tx
        .update(contactMessages)
        .set({ email: message.email })
        .where(
          and(
            eq(contactMessages.email, `${local}@${OLD_DEMO_ADDRESSES.customers}`),
            eq(contactMessages.name, message.name),
          ),
        );
    }
    return moved;
  });
}
