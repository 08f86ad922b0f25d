import { MSG } from '@bagshop/shared/messages';
import { listQuerySchema } from '@bagshop/shared/schemas/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { deleteUser, getUser, listUsers, toggleBlock } from './admin-service.ts';

const keywordParams = z.strictObject({ keyword: z.string().max(100) });
const pageQuery = listQuerySchema.pick({ page: true });

/** The administrator's user list and block/delete actions (docs/product.md §6, §7). */
export function adminUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin users'];

    app.get('/', { schema: { tags, querystring: listQuerySchema } }, async (request) => listUsers(db, request.query));

    app.get('/search/:keyword', { schema: { tags, params: keywordParams, querystring: pageQuery } }, async (request) =>
      listUsers(db, { keyword: request.params.keyword, page: request.query.page }),
    );

    app.get('/:id', { schema: { tags, params: idParams } }, async (request) => ({
      user: await getUser(db, request.params.id),
    }));

    app.put('/:id/unblock', { schema: { tags, params: idParams } }, async (request) => {
      const user = await toggleBlock(deps, userOf(request).id, request.params.id);
      return { message: user.isExist ? MSG.userUnblocked : MSG.userBlocked, user };
    });

    app.delete('/:id', { schema: { tags, params: idParams } }, async (request) => {
      await deleteUser(deps, userOf(request).id, request.params.id);
      return { message: MSG.userDeleted };
    });
  };
}
