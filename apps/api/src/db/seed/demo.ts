import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';
import type { ImageStorage } from '../../platform/storage.ts';
import type { Db } from '../client.ts';
import { addresses, users } from '../schema/users.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedMessages } from './messages.ts';
import { seedSales } from './sales.ts';

export const DEMO_ADMIN = { email: 'admin@bagshop.in', password: 'Admin@1234', name: 'Shop Admin' };
export const DEMO_SHOPPER = { email: 'shopper@bagshop.in', password: 'Shopper@1234', name: 'Asha Menon' };

/**
 * Fills an empty database with demo accounts, an empty catalogue with demo bags and a shop without orders with
 * demo sales, and an empty inbox with a few messages;
 * answers whether the demo accounts were created just now.
 */
export async function seedDemo(db: Db, storage: ImageStorage): Promise<boolean> {
  const accounts = await seedAccounts(db);
  await seedCatalogue(db, storage);
  await seedSales(db);
  await seedMessages(db);
  return accounts;
}

async function seedAccounts(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      ...DEMO_ADMIN,
      phone: '9000000001',
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      isAdmin: true,
      emailVerified: true,
    });
    const [shopper] = await tx
      .insert(users)
      .values({
        ...DEMO_SHOPPER,
        phone: '9876543210',
        passwordHash: await hashPassword(DEMO_SHOPPER.password),
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
  });
  return true;
}
