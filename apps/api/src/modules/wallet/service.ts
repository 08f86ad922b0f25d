import type { WalletEntryDirection, WalletTransactionType } from '@bagshop/shared/orders';
import { absPaise, toRupees } from '@bagshop/shared/pricing/money';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { balanceOf } from './ledger.ts';

/** The wallet screen lists the latest movements; the full history is the admin's ledger view. */
const RECENT_TRANSACTIONS = 50;

export interface WalletTransactionDto {
  _id: string;
  type: WalletEntryDirection;
  transactionType: WalletTransactionType;
  /** Rupees, always positive; `type` says which way it went. */
  amount: number;
  description: string;
  orderId: string | null;
  createdAt: string;
}

export async function walletOf(
  db: Db,
  userId: string,
): Promise<{ balance: number; transactions: WalletTransactionDto[] }> {
  const [balancePaise, rows] = await Promise.all([
    balanceOf(db, userId),
    db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(RECENT_TRANSACTIONS),
  ]);
  return {
    balance: toRupees(balancePaise),
    transactions: rows.map((row) => ({
      _id: row.id,
      type: row.amountPaise < 0 ? 'Debit' : 'Credit',
      transactionType: row.type as WalletTransactionType,
      amount: toRupees(absPaise(row.amountPaise)),
      description: row.description,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
