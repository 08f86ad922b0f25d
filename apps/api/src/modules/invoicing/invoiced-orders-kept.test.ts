import type { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, orderDesk, orderOf, placeOrder } from '../../../test/gst-orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
});
afterAll(() => t.close());

const BAG = [{ pricePaise: 45_000, offerPercent: 0, qty: 1 }];

/** Runs a statement as any client of the database would, straight on the pool (no shop code in between). */
async function deleteOrders(ids: string[]): Promise<DatabaseError | null> {
  try {
    await t.database.pool.query('delete from orders where id = any($1::uuid[])', [ids]);
    return null;
  } catch (error) {
    return error as DatabaseError;
  }
}

async function rowsOf(orderId: string) {
  const orders = await t.database.pool.query('select invoice_number from orders where id = $1', [orderId]);
  const items = await t.database.pool.query('select id from order_items where order_id = $1', [orderId]);
  return { orders: orders.rowCount, items: items.rowCount, invoiceNumber: orders.rows[0]?.invoice_number ?? null };
}

// CGST Act s. 36 and rule 56: an issued tax invoice is kept for 72 months (migration 0024's trigger).
describe('an invoiced order', () => {
  it('cannot be deleted: the database refuses with restrict_violation and the order stays', async () => {
    const desk = orderDesk(t, admin);
    const buyer = await createBuyer(t, 'Karnataka');
    // Cash on delivery, invoiced when it ships: nothing but the invoice holds the order (no wallet ledger rows).
    const cod = await placeOrder(t, buyer, BAG, 'cod');
    await desk.confirmCod(buyer, cod._id);
    await desk.ship(cod._id, [cod.items[0]._id]);
    const { invoiceNumber } = await orderOf(t, cod._id, buyer.token);
    expect(invoiceNumber).toMatch(/^INV\//);

    const refused = await deleteOrders([cod._id]);
    expect(refused?.code).toBe('23001');
    expect(refused?.message).toBe(`Order ${cod.orderId} has tax invoice ${invoiceNumber} and is kept`);
    expect(await rowsOf(cod._id)).toEqual({ orders: 1, items: 1, invoiceNumber });

    const wallet = await placeOrder(t, buyer, BAG, 'wallet');
    expect((await deleteOrders([wallet._id]))?.code).toBe('23001');
    expect((await rowsOf(wallet._id)).orders).toBe(1);
  });

  it('holds back a delete of several orders as a whole, while an order never invoiced still deletes', async () => {
    const desk = orderDesk(t, admin);
    const buyer = await createBuyer(t, 'Kerala');
    const invoiced = await placeOrder(t, buyer, BAG, 'wallet');
    const unshipped = await placeOrder(t, buyer, BAG, 'cod');
    await desk.confirmCod(buyer, unshipped._id);
    expect((await rowsOf(unshipped._id)).invoiceNumber).toBeNull();

    expect((await deleteOrders([unshipped._id, invoiced._id]))?.code).toBe('23001');
    expect((await rowsOf(unshipped._id)).orders).toBe(1);
    expect((await rowsOf(invoiced._id)).orders).toBe(1);

    expect(await deleteOrders([unshipped._id])).toBeNull();
    expect(await rowsOf(unshipped._id)).toEqual({ orders: 0, items: 0, invoiceNumber: null });
  });
});
