import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { adminOrderListQuerySchema, saveItemStatusSchema } from '@bagshop/shared/schemas/admin-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { guardEveryRoute } from '../../platform/route-contract.ts';
import { getOrder, listOrders, saveItemStatus } from './service.ts';

/** The administrator's order desk (docs/product.md §2 Admin order detail, §4 item statuses, §7 Orders). */
export function adminOrderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin orders'];

    app.get('/admin/orders', { schema: { tags, querystring: adminOrderListQuerySchema } }, async (request) =>
      listOrders(deps.db, request.query),
    );

    app.get('/admin/orders/edit/:id', { schema: { tags, params: idParams } }, async (request) => ({
      order: await getOrder(deps.db, request.params.id),
    }));

    app.put('/save-item-status', { schema: { tags, body: saveItemStatusSchema } }, async (request) => ({
      message: ADMIN_ORDER_MSG.itemStatusUpdated,
      order: await saveItemStatus(deps, userOf(request).id, request.body),
    }));
  };
}
