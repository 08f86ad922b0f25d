import type { WalletTransactionType } from '@bagshop/shared/orders';
import { type Paise, toRupees } from '@bagshop/shared/pricing/money';
import type { AdminWalletListQuery, WalletSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminWalletList, AdminWalletTransaction } from '@bagshop/shared/schemas/wallet';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import { count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { orderWithId, textKey } from '../../db/sort.ts';
import { notFound } from '../../platform/errors.ts';

const columns = {
  id: walletTransactions.id,
  amountPaise: walletTransactions.amountPaise,
  description: walletTransactions.description,
  createdAt: walletTransactions.createdAt,
  type: walletTransactions.type,
  orderId: walletTransactions.orderId,
  name: users.name,
  email: users.email,
};

/** Amounts are signed (a debit is negative), so sorting by amount puts the largest credit at one end. */
const WALLET_SORT_KEYS: Record<WalletSort, AnyPgColumn | SQL> = {
  createdAt: walletTransactions.createdAt,
  customer: textKey(users.name),
  amount: walletTransactions.amountPaise,
};

interface Row {
  id: string;
  amountPaise: Paise;
  description: string;
  createdAt: Date;
  type: string;
  orderId: string | null;
  name: string;
  email: string;
}

function toDto(row: Row): AdminWalletTransaction {
  return {
    transactionId: row.id,
    amount: toRupees(row.amountPaise),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    transactionType: row.type as WalletTransactionType,
    orderButton: row.orderId,
    user: { name: row.name, email: row.email },
  };
}

/** Every wallet's ledger rows, newest first unless sorted otherwise; the keyword matches the user's name or email, or the description. */
export async function listWalletTransactions(db: Db, query: AdminWalletListQuery): Promise<AdminWalletList> {
  const keyword = query.keyword?.trim();
  let where: SQL | undefined;
  if (keyword) {
    const pattern = containsPattern(keyword);
    where = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(walletTransactions.description, pattern));
  }
  const [{ total }] = await db
    .select({ total: count() })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where);
  const rows = await db
    .select(columns)
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(where)
    .orderBy(...orderWithId(WALLET_SORT_KEYS[query.sort], walletTransactions.id, query.dir))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    transactions: rows.map(toDto),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getWalletTransaction(db: Db, transactionId: string): Promise<AdminWalletTransaction> {
  const missing = () => notFound(WALLET_MSG.transactionNotFound);
  if (!isUuid(transactionId)) throw missing();
  const [row] = await db
    .select(columns)
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .where(eq(walletTransactions.id, transactionId));
  if (!row) throw missing();
  return toDto(row);
}
