import { bulkBlockMessage } from '@bagshop/shared/admin-list-messages';
import { MSG } from '@bagshop/shared/messages';
import {
  adminUserAnswer,
  adminUserChangedAnswer,
  adminUserListAnswer,
  messageOf,
  userPageQuery,
  userSearchParams,
} from '@bagshop/shared/schemas/account';
import {
  adminUserListQuery,
  bulkBlockAnswer,
  bulkBlockSchema,
  DEFAULT_ADMIN_PAGE_SIZE,
} from '@bagshop/shared/schemas/admin-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { bulkBlockUsers, deleteUser, getUser, listUsers, toggleBlock } from './admin-service.ts';

/** The administrator's user list and block/delete actions (docs/product.md §6, §7). */
export function adminUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin users'];

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'One page of users, newest first unless sorted, optionally matching a keyword',
          description: '6, 25, 50 or 100 a page; sort by one listed column, asc or desc.',
          querystring: adminUserListQuery,
          response: { 200: adminUserListAnswer },
        },
      },
      async (request) => listUsers(db, request.query),
    );

    app.get(
      '/search/:keyword',
      {
        schema: {
          tags,
          summary: 'One page of users whose name, email or phone matches the keyword',
          params: userSearchParams,
          querystring: userPageQuery,
          response: { 200: adminUserListAnswer },
        },
      },
      async (request) =>
        listUsers(db, {
          keyword: request.params.keyword,
          page: request.query.page,
          limit: DEFAULT_ADMIN_PAGE_SIZE,
          sort: 'createdAt',
          dir: 'desc',
        }),
    );

    app.put(
      '/bulk-block',
      {
        schema: {
          tags,
          summary: 'Block or unblock several users at once',
          description:
            'One transaction; users already in that state, deleted or unknown are left alone. Blocking signs them ' +
            'out at once. An administrator cannot block themselves (409).',
          body: bulkBlockSchema,
          response: { 200: bulkBlockAnswer, ...errors(409) },
        },
      },
      async (request) => {
        const changed = await bulkBlockUsers(deps, userOf(request).id, request.body);
        return { changed, message: bulkBlockMessage(changed, ['user', 'users'], request.body.action === 'block') };
      },
    );

    app.get(
      '/:id',
      { schema: { tags, summary: 'One user', params: idParams, response: { 200: adminUserAnswer } } },
      async (request) => ({ user: await getUser(db, request.params.id) }),
    );

    app.put(
      '/:id/unblock',
      {
        schema: {
          tags,
          summary: 'Block or unblock a user (toggles)',
          description:
            'A blocked user is signed out at once and cannot sign in. An administrator cannot block themselves.',
          params: idParams,
          response: { 200: adminUserChangedAnswer, ...errors(409) },
        },
      },
      async (request) => {
        const user = await toggleBlock(deps, userOf(request).id, request.params.id);
        return { message: user.isExist ? MSG.userUnblocked : MSG.userBlocked, user };
      },
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Delete a user',
          params: idParams,
          response: { 200: messageOf(MSG.userDeleted), ...errors(409) },
        },
      },
      async (request) => {
        await deleteUser(deps, userOf(request).id, request.params.id);
        return { message: MSG.userDeleted };
      },
    );
  };
}
