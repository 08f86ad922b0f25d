import fs from 'node:fs';
import { asPaise } from '@bagshop/shared/pricing/money';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/order-rows.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { creditNotes, documentCounters } from '../../db/schema/invoices.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements of the migration that number the orders paid before invoice numbers existed. */
function numberingStatements(): string[] {
  const folder = new URL('../../db/migrations/', import.meta.url);
  // Found by its name, whatever number the migration gets.
  const name = fs.readdirSync(folder).find((f) => f.endsWith('_gst_invoices.sql'));
  if (!name) throw new Error('The invoice migration is missing');
  const statements = fs.readFileSync(new URL(name, folder), 'utf8').split('--> statement-breakpoint');
  return statements.slice(-3);
}

class RollBack extends Error {}

describe('migration of orders paid before invoice numbers', () => {
  it('numbers paid orders in the order they were paid, per financial year in India time, with credit notes', async () => {
    const owner = await createUser(t);
    const march = await insertOrder(t, owner.id); // paid 31 March 2026, 15:30 India time: year 25-26
    const april = await insertOrder(t, owner.id); // paid 1 April 2026, 01:30 India time: year 26-27
    const may = await insertOrder(t, owner.id, { lines: [{}, {}] }); // paid in May, one item returned since
    const unpaid = await insertOrder(t, owner.id, {
      order: { paymentMethod: 'cod', paymentStatus: 'Pending', paidAt: null },
    });
    const ours = [march, april, may, unpaid].map((o) => o.order.id);
    const seen = await t.database.db
      .transaction(async (tx) => {
        // Only these orders were paid before the migration ran.
        await tx.execute(sql`delete from ${creditNotes}`);
        await tx.execute(sql`delete from ${documentCounters}`);
        await tx.update(orders).set({ invoiceNumber: null, invoicedAt: null });
        await tx.update(orders).set({ paidAt: null }).where(notInArray(orders.id, ours));
        const paidAt = (id: string, at: string) =>
          tx
            .update(orders)
            .set({ paidAt: new Date(at) })
            .where(eq(orders.id, id));
        await paidAt(may.order.id, '2026-05-02T06:00:00Z');
        await paidAt(april.order.id, '2026-03-31T20:00:00Z');
        await paidAt(march.order.id, '2026-03-31T10:00:00Z');
        await tx
          .update(orderItems)
          .set({ status: 'Returned', refundedPaise: asPaise(157_395), updatedAt: new Date('2026-05-09T06:00:00Z') })
          .where(eq(orderItems.id, may.items[1].id));
        for (const statement of numberingStatements()) await tx.execute(sql.raw(statement));
        const numbered = await tx
          .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, invoicedAt: orders.invoicedAt })
          .from(orders)
          .where(inArray(orders.id, ours));
        const notes = await tx.select().from(creditNotes);
        const counters = await tx.select().from(documentCounters).orderBy(documentCounters.series);
        throw new RollBack(JSON.stringify({ numbered, notes, counters }));
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
        return JSON.parse(error.message);
      });
    const numberOf = (id: string) => seen.numbered.find((o: { id: string }) => o.id === id).invoiceNumber;
    expect(numberOf(march.order.id)).toBe('INV/25-26/000001');
    expect(numberOf(april.order.id)).toBe('INV/26-27/000001');
    expect(numberOf(may.order.id)).toBe('INV/26-27/000002');
    expect(numberOf(unpaid.order.id)).toBeNull();
    expect(seen.notes).toEqual([
      expect.objectContaining({
        number: 'CN/26-27/000001',
        orderId: may.order.id,
        orderItemId: may.items[1].id,
        amountPaise: 157_395,
      }),
    ]);
    expect(seen.counters).toEqual(
      expect.arrayContaining([
        { series: 'INV', financialYear: '25-26', lastSerial: 1 },
        { series: 'INV', financialYear: '26-27', lastSerial: 2 },
        { series: 'CN', financialYear: '26-27', lastSerial: 1 },
      ]),
    );
    expect(seen.counters).toHaveLength(3);
  });
});
