import { INPUT_MSG } from '@bagshop/shared/input-messages';
import type { AddressDto } from '@bagshop/shared/types';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { addresses } from '../../db/schema/users.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { toAddressDto } from '../users/service.ts';

export interface AddressFields {
  name: string;
  houseName: string;
  landmark: string;
  town: string;
  street: string;
  zipcode: string;
  state: string;
  country: string;
  phone: string;
  /** A business buyer's GSTIN, checked against the state by the request schema; null for none. */
  gstin: string | null;
}

/** Only the address fields are stored; anything else in the input (such as an id) is left out. */
function pick(input: AddressFields): AddressFields {
  const { name, houseName, landmark, town, street, zipcode, state, country, phone, gstin } = input;
  return { name, houseName, landmark, town, street, zipcode, state, country, phone, gstin };
}

/** The owner's address; someone else's (or none) is a 404, the same answer, so ids cannot be probed. */
const ownAddress = (userId: string, addressId: string) =>
  and(eq(addresses.id, addressId), eq(addresses.userId, userId));

export async function addAddress(db: Db, userId: string, input: AddressFields): Promise<AddressDto> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...pick(input) })
    .returning();
  return toAddressDto(row);
}

export async function getAddress(db: Db, userId: string, addressId: string): Promise<AddressDto> {
  if (!isUuid(addressId)) throw notFound();
  const [row] = await db.select().from(addresses).where(ownAddress(userId, addressId));
  if (!row) throw notFound();
  return toAddressDto(row);
}

export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  input: AddressFields & { id?: string },
): Promise<AddressDto> {
  if (!isUuid(addressId)) throw notFound();
  if (input.id !== undefined && input.id !== addressId) throw validationError({ id: INPUT_MSG.idMismatch });
  const [row] = await db.update(addresses).set(pick(input)).where(ownAddress(userId, addressId)).returning();
  if (!row) throw notFound();
  return toAddressDto(row);
}

export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  if (!isUuid(addressId)) throw notFound();
  const deleted = await db.delete(addresses).where(ownAddress(userId, addressId)).returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound();
}
