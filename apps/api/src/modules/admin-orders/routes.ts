import { ADMIN_ORDER_MSG } from '@bagshop/shared/admin-order-messages';
import { adminOrderExportQuery, adminOrderListQuery, csvFileAnswer } from '@bagshop/shared/schemas/admin-lists';
import {
  adminOrderAnswer,
  adminOrderListAnswer,
  saveItemStatusAnswer,
  saveItemStatusSchema,
} from '@bagshop/shared/schemas/admin-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import { sendCsv } from '../../platform/csv-export.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { adminOrderCsvRows, getOrder, listOrders, ORDER_CSV_HEADER, saveItemStatus } from './service.ts';

/** The administrator's order desk (docs/product.md §2 Admin order detail, §4 item statuses, §7 Orders). */
export function adminOrderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin orders'];

    app.get(
      '/admin/orders',
      {
        schema: {
          tags,
          summary: 'One page of all orders, newest first unless sorted',
          description:
            'searchTerm matches the order number, the customer name or email; status keeps the orders ' +
            'having at least one item in that status; 6, 25, 50 or 100 a page, sorted by one listed column.',
          querystring: adminOrderListQuery,
          response: { 200: adminOrderListAnswer },
        },
      },
      async (request) => listOrders(deps.db, request.query),
    );

    app.get(
      '/admin/orders/export',
      {
        schema: {
          tags,
          summary: 'The orders list as a CSV file',
          description:
            "Every order the search and status select, in the list's order: UTF-8 with a byte order mark, totals " +
            'in rupees with two decimals, dates in India time; a cell that would start a formula begins with an apostrophe.',
          querystring: adminOrderExportQuery,
          response: { 200: csvFileAnswer },
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'orders.csv', ORDER_CSV_HEADER, adminOrderCsvRows(deps.db, request.query)),
    );

    app.get(
      '/admin/orders/edit/:id',
      {
        schema: {
          tags,
          summary: 'One order, for its detail page',
          params: idParams,
          response: { 200: adminOrderAnswer },
        },
      },
      async (request) => ({ order: await getOrder(deps.db, request.params.id) }),
    );

    app.put(
      '/save-item-status',
      {
        schema: {
          tags,
          summary: 'Move an order item to its next status',
          description:
            'Pending → Shipped → Delivered; Return requested → Returned (refund to the wallet) or back ' +
            'to Delivered with a reason. Any other move is a 409.',
          body: saveItemStatusSchema,
          response: { 200: saveItemStatusAnswer, ...errors(404, 409) },
        },
      },
      async (request) => ({
        message: ADMIN_ORDER_MSG.itemStatusUpdated,
        order: await saveItemStatus(deps, userOf(request).id, request.body),
      }),
    );
  };
}
