import type { AddressDto, AdminUserRow, UserDto } from '@bagshop/shared/types';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, users } from '../../db/schema/users.ts';

/** The public face of the users module: a user as the API shows it to its owner (docs/product.md §3 User). */
export type AddressRow = typeof addresses.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function toAddressDto(a: AddressRow): AddressDto {
  return {
    _id: a.id,
    name: a.name,
    houseName: a.houseName,
    landmark: a.landmark,
    town: a.town,
    street: a.street,
    zipcode: a.zipcode,
    state: a.state,
    country: a.country,
    phone: a.phone,
    gstin: a.gstin,
  };
}

export function toUserDto(u: UserRow, list: AddressRow[]): UserDto {
  return {
    _id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    isAdmin: u.isAdmin,
    isExist: !u.isBlocked,
    emailVerified: u.emailVerified,
    hasPassword: u.passwordHash !== null,
    address: list.map(toAddressDto),
    image: u.images,
  };
}

/** A live (not deleted) user with their address book, or null. */
export async function loadUserDto(db: DbOrTx, userId: string): Promise<UserDto | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return null;
  const list = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt));
  return toUserDto(user, list);
}

export function toAdminRow(u: UserRow): AdminUserRow {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    isAdmin: u.isAdmin,
    isExist: !u.isBlocked,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
  };
}
