import type { OrderStatusEvent } from '@bagshop/shared/live-events';
import type { PlaceOrderResponse } from '@bagshop/shared/order-types';
import type { PaymentMethod } from '@bagshop/shared/orders';
import { asPaise, sumPaise } from '@bagshop/shared/pricing/money';
import { eq, sql } from 'drizzle-orm';
import { createProduct } from '../../../test/catalogue.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { cartItems, products } from '../../db/schema/catalogue.ts';
import { wallets, walletTransactions } from '../../db/schema/orders.ts';
import { addresses } from '../../db/schema/users.ts';
import type { Realtime } from '../../platform/realtime.ts';

/** Test support for the orders tests: shoppers with an address, carts, wallets, and a realtime that records. */
export interface Shopper extends TestUser {
  addressId: string;
}

/** A shopper with one delivery address: Lake View, MG Road, Bengaluru, unless `fields` say otherwise. */
export async function createShopper(
  t: Pick<TestApp, 'database'>,
  state = 'Karnataka',
  fields: Partial<Pick<typeof addresses.$inferInsert, 'name' | 'houseName' | 'street' | 'town'>> = {},
): Promise<Shopper> {
  const user = await createUser(t, { name: 'Asha Rao' });
  const [address] = await t.database.db
    .insert(addresses)
    .values({
      userId: user.id,
      name: 'Asha Rao',
      houseName: 'Lake View',
      town: 'Bengaluru',
      street: 'MG Road',
      zipcode: '560001',
      state,
      country: 'IN',
      phone: '9876543210',
      ...fields,
    })
    .returning({ id: addresses.id });
  return { ...user, addressId: address.id };
}

export async function putInCart(t: TestApp, userId: string, lines: Array<{ productId: string; qty: number }>) {
  await t.database.db.insert(cartItems).values(lines.map((l) => ({ userId, ...l })));
}

export async function stockOf(t: Pick<TestApp, 'database'>, productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: products.quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row.quantity;
}

/** Gives the shopper wallet money the honest way: a ledger row and the balance together. */
export async function fundWallet(t: TestApp, userId: string, amount: number): Promise<void> {
  const amountPaise = asPaise(amount);
  await t.database.db.transaction(async (tx) => {
    await tx
      .insert(wallets)
      .values({ userId, balancePaise: amountPaise })
      .onConflictDoUpdate({
        target: wallets.userId,
        set: { balancePaise: sql`${wallets.balancePaise} + ${amountPaise}` },
      });
    await tx.insert(walletTransactions).values({ userId, amountPaise, type: 'Wallet Recharge', description: 'Top-up' });
  });
}

export async function walletOf(t: TestApp, userId: string) {
  const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.userId, userId));
  const rows = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId));
  return { balance: wallet?.balancePaise ?? 0, rows, ledgerSum: sumPaise(rows.map((r) => r.amountPaise)) };
}

/** A shopper with one product in the cart, who places an order with the given method. */
export async function placeOrderOf(
  t: TestApp,
  shopper: Shopper,
  paymentMethod: PaymentMethod,
  product: { pricePaise?: number; quantity?: number; name?: string } = {},
  qty = 1,
) {
  const bag = await createProduct(t, { pricePaise: 49_900, quantity: 10, ...product });
  await putInCart(t, shopper.id, [{ productId: bag.id, qty }]);
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: shopper.token,
    payload: { addressId: shopper.addressId, paymentMethod },
  });
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`);
  return { bag, ...(res.json() as PlaceOrderResponse) };
}

export function recordingRealtime(): Realtime & { updates: Array<[OrderStatusEvent, string]>; paid: string[] } {
  const updates: Array<[OrderStatusEvent, string]> = [];
  const paid: string[] = [];
  return {
    updates,
    paid,
    orderStatusUpdated: (event, ownerId) => {
      updates.push([event, ownerId]);
    },
    orderPaid: (orderId) => {
      paid.push(orderId);
    },
    endConnections: () => {},
  };
}
