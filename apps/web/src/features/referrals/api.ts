import { api } from '../../api/api.ts';

export interface ReferralDetails {
  referralCode: string | null;
  /** Rupees earned from referral bonuses. */
  amountEarned: number;
  referredUsers: { name: string; email: string }[];
}

export const referralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    referrals: build.query<{ referrals: ReferralDetails }, void>({
      query: () => '/api/user/account/referrals',
      providesTags: ['User'],
    }),
    referralCode: build.mutation<{ referralCode: string }, void>({
      query: () => ({ url: '/api/user/account/referrals/referral-code', method: 'POST', body: {} }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useReferralsQuery, useReferralCodeMutation } = referralsApi;
