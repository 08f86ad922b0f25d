import { z } from 'zod';

/** Texts of the administrators' inbox of Contact page messages. */
export const CONTACT_INBOX_MSG = {
  title: 'Messages',
  statusInvalid: 'Choose all, unread or read',
  pageInvalid: 'Page must be a whole number from 1',
  readRequired: 'Say whether the message is read (true or false)',
  notFound: 'Message not found',
  deleted: 'Message deleted',
  none: 'No messages yet',
  noneUnread: 'No unread messages',
  noneRead: 'No read messages',
  loadFailed: 'We could not load the messages. Please try again.',
  updateFailed: 'We could not update the message. Please try again.',
  deleteFailed: 'We could not delete the message. Please try again.',
  unreadLabel: 'unread messages',
  unreadOneLabel: 'unread message',
  replySubject: 'Re: your message to Bag Shop',
} as const;

/** Ten to a page: messages are longer than the rows of the other admin lists. */
export const CONTACT_INBOX_PAGE_SIZE = 10;

export const CONTACT_INBOX_STATUSES = ['all', 'unread', 'read'] as const;
export type ContactInboxStatus = (typeof CONTACT_INBOX_STATUSES)[number];
export const CONTACT_INBOX_STATUS_LABELS: Record<ContactInboxStatus, string> = {
  all: 'All',
  unread: 'Unread',
  read: 'Read',
};

/** GET /api/user/admin/contact-messages */
export const contactInboxQuerySchema = z.strictObject({
  status: z.enum(CONTACT_INBOX_STATUSES, { error: CONTACT_INBOX_MSG.statusInvalid }).default('all'),
  page: z.coerce
    .number({ error: CONTACT_INBOX_MSG.pageInvalid })
    .int({ error: CONTACT_INBOX_MSG.pageInvalid })
    .min(1, { error: CONTACT_INBOX_MSG.pageInvalid })
    .max(100_000, { error: CONTACT_INBOX_MSG.pageInvalid })
    .default(1),
});
export type ContactInboxQuery = z.output<typeof contactInboxQuerySchema>;

/** PATCH /api/user/admin/contact-messages/:id */
export const contactMessageMarkSchema = z.strictObject({
  read: z.boolean({ error: CONTACT_INBOX_MSG.readRequired }),
});
export type ContactMessageMark = z.output<typeof contactMessageMarkSchema>;

export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  message: string;
  /** ISO instant the shop received it. */
  createdAt: string;
  read: boolean;
}

export interface ContactInboxList {
  /** Newest first. */
  messages: ContactMessageDto[];
  /** Messages matching the status filter. */
  total: number;
  page: number;
  pages: number;
  /** Unread messages in the whole inbox, whatever the filter. */
  unread: number;
}

export interface ContactUnreadCount {
  unread: number;
}
