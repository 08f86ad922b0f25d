import type { ContactSentAnswer } from '@bagshop/shared/contact-inbox';
import { api } from '../../api/api.ts';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContact: build.mutation<ContactSentAnswer, FormData>({
      query: (form) => ({ url: '/api/contact', method: 'POST', body: form }),
    }),
  }),
});

export const { useSendContactMutation } = contactApi;
