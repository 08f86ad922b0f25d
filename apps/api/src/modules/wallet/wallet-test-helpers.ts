import { eq, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { balanceOf } from './service.ts';

/** The wallet's balance, after checking it equals the sum of its ledger rows. */
export async function checkedBalance(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: sum(walletTransactions.amountPaise) })
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId));
  const balance = await balanceOf(t.database.db, userId);
  expect(balance).toBe(Number(row?.total ?? 0));
  return balance;
}
