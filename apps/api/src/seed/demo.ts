import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { shopFacts } from '../db/schema/shop.ts';
import { addresses, users } from '../db/schema/users.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { revokeUserSessions } from '../platform/sessions.ts';
import type { ImageStorage } from '../platform/storage.ts';
import { seedCatalogue } from './catalogue.ts';
import { DEMO_DOMAIN } from './demo-domain.ts';
import { type DemoSignIn, randomDemoPassword } from './demo-sign-ins.ts';
import { seedMessages } from './messages.ts';
import { seedSales } from './sales.ts';

export const DEMO_ADMIN = { email: `admin@${DEMO_DOMAIN}`, name: 'Shop Admin' };
export const DEMO_SHOPPER = { email: `shopper@${DEMO_DOMAIN}`, name: 'Asha Menon' };

/** What earlier versions printed in the README for the demo accounts: never a password that works. */
const PUBLISHED_PASSWORDS = [
  { email: DEMO_ADMIN.email, password: 'Admin@1234' },
  { email: DEMO_SHOPPER.email, password: 'Shopper@1234' },
];

/** Where earlier versions put the demo administrator and shopper: a real, registrable domain. */
export const OLD_DEMO_ADDRESSES = { admin: 'admin@bagshop.in', shopper: 'shopper@bagshop.in', customers: 'example.in' };

const DEMO_DATA_FACT = 'demo-data';

/**
 * Fills an empty database with demo accounts (random passwords), an empty catalogue with demo bags and a shop
 * without orders with demo sales, and an empty inbox with a few messages; remembers in the database that demo
 * data were seeded. Answers the demo sign-ins created just now (none when the accounts existed already).
 */
export async function seedDemo(db: Db, storage: ImageStorage): Promise<DemoSignIn[]> {
  const signIns = await seedAccounts(db);
  const catalogue = await seedCatalogue(db, storage);
  const sales = await seedSales(db);
  const messages = await seedMessages(db);
  if (signIns.length > 0 || catalogue || sales || messages) await recordDemoData(db);
  return signIns;
}

/** Whether the demo seed ever filled this database (on any process): the sandbox may then take card payments. */
export async function hasDemoData(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ key: shopFacts.key }).from(shopFacts).where(eq(shopFacts.key, DEMO_DATA_FACT));
  return row !== undefined;
}

async function recordDemoData(db: DbOrTx): Promise<void> {
  await db.insert(shopFacts).values({ key: DEMO_DATA_FACT }).onConflictDoNothing();
}

/**
 * A database seeded by an earlier version has demo accounts with the passwords its README published: they get
 * random ones (and lose their sessions). Answers the new sign-ins, to be printed and written down.
 */
export async function retirePublishedDemoPasswords(db: Db): Promise<DemoSignIn[]> {
  const replaced: DemoSignIn[] = [];
  for (const published of PUBLISHED_PASSWORDS) {
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, isAdmin: users.isAdmin })
      .from(users)
      .where(and(eq(users.email, published.email), isNull(users.deletedAt)));
    if (!user || !(await verifyPassword(user.passwordHash, published.password))) continue;
    const password = randomDemoPassword();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id);
    });
    replaced.push({ role: user.isAdmin ? 'administrator' : 'shopper', email: published.email, password });
  }
  return replaced;
}

async function seedAccounts(db: Db): Promise<DemoSignIn[]> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return [];
  const signIns: DemoSignIn[] = [
    { role: 'administrator', email: DEMO_ADMIN.email, password: randomDemoPassword() },
    { role: 'shopper', email: DEMO_SHOPPER.email, password: randomDemoPassword() },
  ];
  const [admin, shopperSignIn] = signIns;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      ...DEMO_ADMIN,
      phone: '9000000001',
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
      emailVerified: true,
    });
    const [shopper] = await tx
      .insert(users)
      .values({
        ...DEMO_SHOPPER,
        phone: '9876543210',
        passwordHash: await hashPassword(shopperSignIn.password),
        emailVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(addresses).values({
      userId: shopper.id,
      name: 'Asha Menon',
      houseName: 'Rose Villa',
      town: 'Kochi',
      street: 'MG Road',
      zipcode: '682016',
      state: 'Kerala',
      country: 'IN',
      phone: '9876543210',
    });
    await recordDemoData(tx);
  });
  return signIns;
}
