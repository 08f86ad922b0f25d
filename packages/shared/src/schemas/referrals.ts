import { z } from 'zod';
import { rupeeAmount } from './answers.ts';

const DETAILS_EXAMPLE = {
  referralCode: 'K7M2Q9XA',
  amountEarned: 200,
  referredUsers: [{ name: 'Rohan Mehta', email: 'rohan.mehta@example.in' }],
};

/** The signed-in user's referral code (null until made), what referrals earned, and who signed up with it. */
export const referralDetailsAnswer = z
  .object({
    referralCode: z.string().nullable(),
    /** Rupees earned from referral bonuses. */
    amountEarned: rupeeAmount,
    referredUsers: z.array(z.object({ name: z.string(), email: z.string() })),
  })
  .meta({ id: 'ReferralDetails', examples: [DETAILS_EXAMPLE] });
export type ReferralDetails = z.infer<typeof referralDetailsAnswer>;

/** GET /api/user/account/referrals */
export const referralsAnswer = z
  .object({ referrals: referralDetailsAnswer })
  .meta({ examples: [{ referrals: DETAILS_EXAMPLE }] });

/** POST /api/user/account/referrals/referral-code: the user's one code, made on the first call. */
export const referralCodeAnswer = z
  .object({ referralCode: z.string() })
  .meta({ examples: [{ referralCode: 'K7M2Q9XA' }] });

export type ReferralsAnswer = z.infer<typeof referralsAnswer>;
export type ReferralCodeAnswer = z.infer<typeof referralCodeAnswer>;
