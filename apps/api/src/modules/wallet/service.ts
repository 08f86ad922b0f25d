import { MSG } from '@bagshop/shared/messages';
import type { WalletEntryDirection, WalletTransactionType } from '@bagshop/shared/orders';
import { absPaise, negatePaise, type Paise, toRupees, ZERO_PAISE } from '@bagshop/shared/pricing/money';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { wallets, walletTransactions } from '../../db/schema/orders.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../mail-outbox/service.ts';

export interface LedgerEntry {
  userId: string;
  /** Positive; the ledger row stores it signed. */
  amountPaise: Paise;
  type: WalletTransactionType;
  description: string;
  orderId?: string;
  orderItemId?: string;
  paymentId?: string;
}

async function ensureWallet(tx: Tx, userId: string): Promise<void> {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
}

function checkAmount(amountPaise: Paise): void {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) throw new Error(`Invalid ledger amount: ${amountPaise}`);
}

async function writeRow(tx: Tx, entry: LedgerEntry, signedPaise: Paise): Promise<string> {
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      userId: entry.userId,
      amountPaise: signedPaise,
      type: entry.type,
      description: entry.description,
      orderId: entry.orderId ?? null,
      orderItemId: entry.orderItemId ?? null,
      paymentId: entry.paymentId ?? null,
    })
    .returning({ id: walletTransactions.id });
  return row.id;
}

/**
 * The one way money goes into a wallet (top-ups, refunds of items, referral bonuses): the balance and its ledger row,
 * both in the caller's transaction.
 */
export async function credit(tx: Tx, entry: LedgerEntry): Promise<void> {
  checkAmount(entry.amountPaise);
  await ensureWallet(tx, entry.userId);
  await tx
    .update(wallets)
    .set({ balancePaise: sql`${wallets.balancePaise} + ${entry.amountPaise}`, updatedAt: new Date() })
    .where(eq(wallets.userId, entry.userId));
  const ledgerId = await writeRow(tx, entry, entry.amountPaise);
  // An item's refund is told in that item's cancel or return mail; every other credit gets a mail of its own.
  if (!entry.orderItemId) {
    const { amountPaise, type, description } = entry;
    const payload = { amountPaise, type, description };
    await enqueueMail(tx, `wallet-credited:${ledgerId}`, { userId: entry.userId }, 'wallet-credited', payload);
  }
}

/**
 * Takes money from the wallet. The conditional update is the guard: concurrent debits can never take the balance
 * below zero, the loser gets a 409.
 */
export async function debit(tx: Tx, entry: LedgerEntry): Promise<void> {
  checkAmount(entry.amountPaise);
  await ensureWallet(tx, entry.userId);
  const updated = await tx
    .update(wallets)
    .set({ balancePaise: sql`${wallets.balancePaise} - ${entry.amountPaise}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, entry.userId), gte(wallets.balancePaise, entry.amountPaise)))
    .returning({ userId: wallets.userId });
  if (updated.length === 0) throw new AppError('CONFLICT', MSG.insufficientWalletBalance);
  await writeRow(tx, entry, negatePaise(entry.amountPaise));
}

/** The wallet's balance in paise (0 when the user has no wallet yet). */
export async function balanceOf(db: DbOrTx, userId: string): Promise<Paise> {
  const [row] = await db.select({ balance: wallets.balancePaise }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? ZERO_PAISE;
}

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
