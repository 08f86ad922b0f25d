import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { referralCodes, referrals } from '../../db/schema/coupons.ts';
import { users } from '../../db/schema/users.ts';
import { credit } from '../wallet/ledger.ts';

export const REFERRAL_BONUS_PAISE = 15_000;

/**
 * The live referrer owning the code (case-insensitive), or null for an unknown code. With `registeringEmail`, a
 * code owned by that email is refused too: nobody refers themselves.
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
  if (registeringEmail !== undefined && row.email.toLowerCase() === registeringEmail.toLowerCase()) return null;
  return row.id;
}

/**
 * Records who referred the new user and pays the referrer ₹150 once, in the caller's transaction. The bonus_paid_at
 * guard is a conditional update, so a repeated call (or a racing one) pays nothing more. Returns whether it paid.
 */
export async function recordReferral(tx: Tx, input: { referredUserId: string; referrerId: string }): Promise<boolean> {
  if (input.referredUserId === input.referrerId) return false;
  await tx
    .insert(referrals)
    .values({ referredUserId: input.referredUserId, referrerId: input.referrerId })
    .onConflictDoNothing();
  const [paid] = await tx
    .update(referrals)
    .set({ bonusPaidAt: new Date() })
    .where(
      and(
        eq(referrals.referredUserId, input.referredUserId),
        eq(referrals.referrerId, input.referrerId),
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
