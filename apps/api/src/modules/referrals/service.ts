import crypto from 'node:crypto';
import { asPaise, toRupees } from '@bagshop/shared/pricing/money';
import type { ReferralDetails } from '@bagshop/shared/schemas/referrals';
import { and, asc, eq, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { referralCodes, referrals } from '../../db/schema/coupons.ts';
import { walletTransactions } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

// What registration may use from referrals (docs/decisions/015-enforced-layers.md).
export { checkReferCode, recordReferral } from './referral-service.ts';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 5;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
}

async function codeOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code ?? null;
}

/** The user's one referral code, made on the first call; a code taken by someone else is drawn again. */
export async function referralCodeFor(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const existing = await codeOf(db, userId);
    if (existing) return existing;
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  const code = await codeOf(db, userId);
  if (!code) throw new Error('no free referral code');
  return code;
}

export async function referralDetails(db: Db, userId: string): Promise<ReferralDetails> {
  const [referralCode, [earned], referredUsers] = await Promise.all([
    codeOf(db, userId),
    db
      .select({ total: sum(walletTransactions.amountPaise) })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, 'Referral Bonus'))),
    db
      .select({ name: users.name, email: users.email })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredUserId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(asc(referrals.createdAt)),
  ]);
  return { referralCode, amountEarned: toRupees(asPaise(Number(earned?.total ?? 0))), referredUsers };
}
