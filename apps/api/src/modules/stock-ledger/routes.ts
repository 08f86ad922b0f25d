import {
  lowStockThresholdSchema,
  stockAdjustmentSchema,
  stockChangedAnswer,
  stockLedgerAnswer,
  stockLedgerQuery,
} from '@bagshop/shared/schemas/stock';
import { STOCK_MSG } from '@bagshop/shared/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idParams } from '../../platform/path-params.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { adjustStock, setLowStockThreshold, stockLedger } from './service.ts';

/** A product's stock ledger, manual adjustments and low-stock threshold (docs/decisions/049-stock-ledger.md). */
export function stockLedgerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireAdmin);
    const tags = ['admin products'];

    app.get(
      '/products/:id/stock-ledger',
      {
        schema: {
          tags,
          summary: "One page of a product's stock ledger, newest first",
          description:
            'Every change of the stock (opening, sale, cancellation, return, return to seller, import, manual ' +
            'adjustment) with who made it, when, and the stock before and after; the rows add up to the stock.',
          params: idParams,
          querystring: stockLedgerQuery,
          response: { 200: stockLedgerAnswer, ...errors(404) },
        },
      },
      async (request) => stockLedger(db, request.params.id, request.query.page),
    );

    app.post(
      '/products/:id/stock-adjustments',
      {
        schema: {
          tags,
          summary: "Adjust a product's stock by hand",
          description:
            'Reasons: received, damaged, count, other. Runs under the product row lock; a change that would take ' +
            'the stock below 0 is refused (400) and changes nothing.',
          params: idParams,
          body: stockAdjustmentSchema,
          response: { 200: stockChangedAnswer, ...errors(404) },
        },
      },
      async (request) => {
        const changed = await adjustStock(db, userOf(request).id, request.params.id, request.body);
        return { message: STOCK_MSG.adjusted, ...changed };
      },
    );

    app.put(
      '/products/:id/low-stock',
      {
        schema: {
          tags,
          summary: "Set a product's low-stock threshold",
          description: 'At or under it the administrators get one mail, until the stock rises above it again.',
          params: idParams,
          body: lowStockThresholdSchema,
          response: { 200: stockChangedAnswer, ...errors(404) },
        },
      },
      async (request) => {
        const changed = await setLowStockThreshold(db, request.params.id, request.body.threshold);
        return { message: STOCK_MSG.thresholdSaved, ...changed };
      },
    );
  };
}
