import { asPaise } from '@bagshop/shared/pricing/money';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/users.ts';
import { wallets, walletTransactions } from '../../db/schema/orders.ts';
import { recordProviderOrder } from '../payments/payment-records.ts';
import { balanceOf, credit, debit } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: sum(walletTransactions.amountPaise) })
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId));
  return Number(row?.total ?? 0);
}

describe('wallet ledger', () => {
  it('starts at zero without a wallet row', async () => {
    const user = await createUser(t);
    expect(await balanceOf(t.database.db, user.id)).toBe(0);
    expect(await t.database.db.select().from(wallets).where(eq(wallets.userId, user.id))).toEqual([]);
  });

  it('credits and debits with signed ledger rows in the same transaction', async () => {
    const user = await createUser(t);
    const { db } = t.database;
    await db.transaction((tx) =>
      credit(tx, {
        userId: user.id,
        amountPaise: asPaise(50_000),
        type: 'Wallet Recharge',
        description: 'Wallet Recharge',
      }),
    );
    await db.transaction((tx) =>
      debit(tx, { userId: user.id, amountPaise: asPaise(12_345), type: 'Debited', description: 'Paid for ORD-1' }),
    );
    expect(await balanceOf(db, user.id)).toBe(37_655);
    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(rows.map((r) => [r.amountPaise, r.type]).sort()).toEqual([
      [-12_345, 'Debited'],
      [50_000, 'Wallet Recharge'],
    ]);
    expect(await ledgerSum(user.id)).toBe(37_655);
  });

  it('refuses a debit larger than the balance with a 409 and writes nothing', async () => {
    const user = await createUser(t);
    const { db } = t.database;
    await db.transaction((tx) =>
      credit(tx, { userId: user.id, amountPaise: asPaise(1_000), type: 'Credit', description: 'c' }),
    );
    const error = await db
      .transaction((tx) =>
        debit(tx, { userId: user.id, amountPaise: asPaise(1_001), type: 'Debited', description: 'd' }),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Insufficient wallet balance' });
    expect(await balanceOf(db, user.id)).toBe(1_000);
    expect(await ledgerSum(user.id)).toBe(1_000);
  });

  it('a failed transaction leaves neither the balance nor the ledger row behind', async () => {
    const user = await createUser(t);
    const { db } = t.database;
    await db
      .transaction(async (tx) => {
        await credit(tx, { userId: user.id, amountPaise: asPaise(700), type: 'Credit', description: 'c' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await balanceOf(db, user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it('never goes negative under 20 parallel debits', async () => {
    const user = await createUser(t);
    const { db } = t.database;
    await db.transaction((tx) =>
      credit(tx, { userId: user.id, amountPaise: asPaise(10_000), type: 'Wallet Recharge', description: 'top-up' }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          debit(tx, { userId: user.id, amountPaise: asPaise(1_500), type: 'Debited', description: `debit ${i}` }),
        ),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled').length;
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(won).toBe(6);
    for (const o of lost) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await balanceOf(db, user.id)).toBe(1_000);
    expect(await ledgerSum(user.id)).toBe(1_000);
  });

  it('one ledger row per payment: a second credit for the same payment fails', async () => {
    const user = await createUser(t);
    const { db } = t.database;
    const payment = await recordProviderOrder(db, {
      userId: user.id,
      purpose: 'wallet',
      provider: 'sandbox',
      providerOrderId: `order_ledger_${user.id}`,
      amountPaise: asPaise(2_000),
    });
    const entry = {
      userId: user.id,
      amountPaise: asPaise(2_000),
      type: 'Wallet Recharge' as const,
      description: 'Wallet Recharge',
      paymentId: payment.id,
    };
    await db.transaction((tx) => credit(tx, entry));
    await expect(db.transaction((tx) => credit(tx, entry))).rejects.toThrow();
    expect(await balanceOf(db, user.id)).toBe(2_000);
  });
});
