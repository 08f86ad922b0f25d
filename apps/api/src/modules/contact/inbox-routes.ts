import {
  CONTACT_INBOX_MSG,
  contactDeletedAnswer,
  contactInboxAnswer,
  contactInboxQuerySchema,
  contactMessageAnswer,
  contactMessageMarkSchema,
  contactUnreadAnswer,
} from '@bagshop/shared/contact-inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import {
  deleteContactMessage,
  listContactMessages,
  markContactMessage,
  unreadContactMessages,
} from './inbox-service.ts';

/** The administrators' inbox of Contact page messages. */
export function contactInboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin contact messages'];

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'One page of Contact page messages, newest first',
          querystring: contactInboxQuerySchema,
          response: { 200: contactInboxAnswer },
        },
      },
      async (request) => listContactMessages(db, request.query),
    );

    app.get(
      '/unread-count',
      { schema: { tags, summary: 'How many messages are unread', response: { 200: contactUnreadAnswer } } },
      async () => unreadContactMessages(db),
    );

    app.patch(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Mark a message read or unread',
          params: idParams,
          body: contactMessageMarkSchema,
          response: { 200: contactMessageAnswer },
        },
      },
      async (request) => markContactMessage(db, userOf(request).id, request.params.id, request.body.read),
    );

    app.delete(
      '/:id',
      { schema: { tags, summary: 'Delete a message', params: idParams, response: { 200: contactDeletedAnswer } } },
      async (request) => {
        await deleteContactMessage(db, userOf(request).id, request.params.id);
        return { message: CONTACT_INBOX_MSG.deleted };
      },
    );
  };
}
