import { z } from 'zod';
import { pagePosition, timestamp } from './schemas/answers.ts';

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
export const contactMessageMarkSchema = z
  .strictObject({
    read: z.boolean({ error: CONTACT_INBOX_MSG.readRequired }),
  })
  .meta({ examples: [{ read: true }] });
export type ContactMessageMark = z.output<typeof contactMessageMarkSchema>;

const MESSAGE_EXAMPLE = {
  id: '7c1e5a3b-9d2f-4b6a-8e0c-1f3a5b7d9e2c',
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  message: 'Is the Wildcraft 30 L backpack back in stock in black?',
  createdAt: '2026-11-24T09:30:00.000Z',
  read: false,
};

/** A message of the inbox; `createdAt` is the ISO instant the shop received it. */
export const contactMessageAnswer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: timestamp,
    read: z.boolean(),
  })
  .meta({ id: 'ContactMessage', examples: [MESSAGE_EXAMPLE] });
export type ContactMessageDto = z.infer<typeof contactMessageAnswer>;

/** GET /api/user/admin/contact-messages: newest first; `unread` counts the whole inbox, whatever the filter. */
export const contactInboxAnswer = z
  .object({
    messages: z.array(contactMessageAnswer),
    /** Messages matching the status filter. */
    ...pagePosition,
    unread: z.int().nonnegative(),
  })
  .meta({ examples: [{ messages: [MESSAGE_EXAMPLE], total: 1, page: 1, pages: 1, unread: 1 }] });
export type ContactInboxList = z.infer<typeof contactInboxAnswer>;

/** GET /api/user/admin/contact-messages/unread-count */
export const contactUnreadAnswer = z.object({ unread: z.int().nonnegative() }).meta({ examples: [{ unread: 3 }] });
export type ContactUnreadCount = z.infer<typeof contactUnreadAnswer>;

/** DELETE /api/user/admin/contact-messages/:id */
export const contactDeletedAnswer = z
  .object({ message: z.string() })
  .meta({ examples: [{ message: CONTACT_INBOX_MSG.deleted }] });

/** POST /api/contact (201) */
export const contactSentAnswer = z
  .object({ message: z.string() })
  .meta({ examples: [{ message: 'Message sent successfully.' }] });
export type ContactDeletedAnswer = z.infer<typeof contactDeletedAnswer>;
export type ContactSentAnswer = z.infer<typeof contactSentAnswer>;
