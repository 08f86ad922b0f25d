import type { ReferralCodeAnswer, ReferralsAnswer } from '@bagshop/shared/schemas/referrals';
import { api } from '../../api/api.ts';

export const referralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    referrals: build.query<ReferralsAnswer, void>({
      query: () => '/api/user/account/referrals',
      providesTags: ['User'],
    }),
    referralCode: build.mutation<ReferralCodeAnswer, void>({
      query: () => ({ url: '/api/user/account/referrals/referral-code', method: 'POST', body: {} }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useReferralsQuery, useReferralCodeMutation } = referralsApi;
