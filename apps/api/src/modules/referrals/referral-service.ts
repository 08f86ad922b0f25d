import { emailPersonKey } from '@bagshop/shared/email-address';
import { toPaise } from '@bagshop/shared/pricing/money';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { referralCodes, referrals } from '../../db/schema/coupons.ts';
import { users } from '../../db/schema/users.ts';
import { credit } from '../wallet/service.ts';

export const REFERRAL_BONUS_PAISE = toPaise(150);

/**
 * The live referrer owning the code (case-insensitive), or null for an unknown code. With `registeringEmail`, a
 * code owned by that person (any spelling of the same mailbox) is refused too: nobody refers themselves.
 */
export async function checkReferCode(db: DbOrTx, code: string, registeringEmail?: string): Promise<string | null> {
  const normalized = code.trim().toUpperCase();
  if (!normalized) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.code, normalized), isNull(users.deletedAt)));
  if (!row) return null;
  if (registeringEmail !== undefined && emailPersonKey(row.email) === emailPersonKey(registeringEmail)) return null;
  return row.id;
}

/**
 * Records who referred the new user and pays the referrer ₹150, in the caller's transaction, unless the referrer was
 * already paid for this person (the email's person key: case, `+tag` and Gmail dots do not make a new person) or
 * has earned `monthlyCap` bonuses in the last 30 days. The referrer's code row is locked first, so parallel
 * verifications for one referrer are counted one after another and can neither pay twice nor pass the cap.
 * Returns whether it paid.
 */
export async function recordReferral(
  tx: Tx,
  input: { referredUserId: string; referredEmail: string; referrerId: string; monthlyCap: number },
): Promise<boolean> {
  const { referredUserId, referrerId } = input;
  if (referredUserId === referrerId) return false;
  const personKey = emailPersonKey(input.referredEmail);
  await tx.insert(referrals).values({ referredUserId, referrerId, referredPersonKey: personKey }).onConflictDoNothing();
  await tx
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.userId, referrerId))
    .for('update');
  const [earlier] = await tx
    .select({
      samePerson: sql<number>`(count(*) filter (where ${referrals.referredPersonKey} = ${personKey}))::int`,
      lastThirtyDays: sql<number>`(count(*) filter (where ${referrals.bonusPaidAt} > now() - interval '30 days'))::int`,
    })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), isNotNull(referrals.bonusPaidAt)));
  if (earlier.samePerson > 0 || earlier.lastThirtyDays >= input.monthlyCap) return false;
  const [paid] = await tx
    .update(referrals)
    .set({ bonusPaidAt: new Date() })
    .where(
      and(
        eq(referrals.referredUserId, referredUserId),
        eq(referrals.referrerId, referrerId),
        isNull(referrals.bonusPaidAt),
      ),
    )
    .returning({ referrerId: referrals.referrerId });
  if (!paid) return false;
  await credit(tx, {
    userId: paid.referrerId,
    amountPaise: REFERRAL_BONUS_PAISE,
    type: 'Referral Bonus',
    description: WALLET_MSG.referralBonus,
  });
  return true;
}
