import type {
  ContactDeletedAnswer,
  ContactInboxList,
  ContactInboxQuery,
  ContactMessageDto,
  ContactUnreadCount,
} from '@bagshop/shared/contact-inbox';
import { api, LIST_KEEP_SECONDS } from '../../api/api.ts';

const BASE = '/api/user/admin/contact-messages';
const LIST = { type: 'ContactMessages', id: 'LIST' } as const;
const UNREAD = { type: 'ContactMessages', id: 'UNREAD' } as const;

/** New messages show up on their own within a minute. */
export const INBOX_POLL_MS = 60_000;

export const adminContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactMessages: build.query<ContactInboxList, ContactInboxQuery>({
      query: (params) => ({ url: BASE, params }),
      providesTags: [LIST],
      keepUnusedDataFor: LIST_KEEP_SECONDS,
      // Every page answers the inbox-wide unread count too: the menu badge takes it at once.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { unread } = (await queryFulfilled).data;
          dispatch(
            adminContactApi.util.updateQueryData('unreadContactMessages', undefined, (count) => {
              count.unread = unread;
            }),
          );
        } catch {
          // The page shows its own error.
        }
      },
    }),
    unreadContactMessages: build.query<ContactUnreadCount, void>({
      query: () => `${BASE}/unread-count`,
      providesTags: [UNREAD],
    }),
    markContactMessage: build.mutation<ContactMessageDto, { id: string; read: boolean }>({
      query: ({ id, read }) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'PATCH', body: { read } }),
      // The open page is patched in place rather than refetched, so a message just opened under the Unread
      // filter stays where the administrator is reading it; the badge and the audit log refetch. A failure
      // (say, the message was deleted meanwhile) means the page is stale: it refetches.
      invalidatesTags: (result) => (result ? [UNREAD, 'Audit'] : ['ContactMessages']),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        let updated: ContactMessageDto;
        try {
          updated = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const args of adminContactApi.util.selectCachedArgsForQuery(getState(), 'contactMessages')) {
          dispatch(
            adminContactApi.util.updateQueryData('contactMessages', args, (page) => {
              const message = page.messages.find((m) => m.id === updated.id);
              if (!message || message.read === updated.read) return;
              message.read = updated.read;
              page.unread = Math.max(0, page.unread + (updated.read ? -1 : 1));
            }),
          );
        }
      },
    }),
    deleteContactMessage: build.mutation<ContactDeletedAnswer, string>({
      query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['ContactMessages', 'Audit'] : []),
    }),
  }),
});

export const {
  useContactMessagesQuery,
  useUnreadContactMessagesQuery,
  useMarkContactMessageMutation,
  useDeleteContactMessageMutation,
} = adminContactApi;
