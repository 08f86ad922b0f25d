import { z } from 'zod';
import { ADMIN_ORDER_MSG as M } from '../admin-order-messages.ts';
import { ORDER_MSG } from '../order-messages.ts';
import { ITEM_STATUSES } from '../orders.ts';
import { pagePosition } from './answers.ts';
import { exampleOrder, ORDER_REASON_MAX, orderAnswer } from './orders.ts';
import { adminShipmentAnswer, exampleAdminShipment } from './shipping.ts';

/** An admin item status change; `reason` is required when rejecting a return (Return requested → Delivered). */
export const saveItemStatusSchema = z
  .strictObject({
    id: z.uuid({ error: ORDER_MSG.orderNotFound }),
    item: z.uuid({ error: ORDER_MSG.itemNotFound }),
    status: z.enum(ITEM_STATUSES, { error: M.statusRequired }),
    reason: z.string().trim().max(ORDER_REASON_MAX, { error: M.reasonMax }).optional(),
  })
  .meta({
    examples: [
      { id: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e', item: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', status: 'Shipped' },
    ],
  });
export type SaveItemStatusInput = z.infer<typeof saveItemStatusSchema>;

const exampleAdminOrder = { ...exampleOrder, shipments: [exampleAdminShipment] };

/**
 * An order as the admin desk sees it: the shopper's view, with every parcel as the desk handles it (cancelled
 * bookings included) (docs/decisions/040-order-read-model.md).
 */
export const adminOrderView = orderAnswer
  .extend({
    /** Oldest first, cancelled bookings included. */
    shipments: z.array(adminShipmentAnswer),
  })
  .meta({ id: 'AdminOrder', examples: [exampleAdminOrder] });
export type AdminOrderView = z.infer<typeof adminOrderView>;

/** One page of orders, newest first. */
export const adminOrderListAnswer = z
  .object({
    orders: z.array(adminOrderView),
    ...pagePosition,
  })
  .meta({ examples: [{ orders: [exampleAdminOrder], total: 1, page: 1, pages: 1 }] });
export type AdminOrderList = z.infer<typeof adminOrderListAnswer>;

export const adminOrderAnswer = z.object({ order: adminOrderView }).meta({ examples: [{ order: exampleAdminOrder }] });
export type AdminOrderAnswer = z.infer<typeof adminOrderAnswer>;

/** The message to show and the order as it now is. */
export const saveItemStatusAnswer = z
  .object({ message: z.string(), order: adminOrderView })
  .meta({ examples: [{ message: M.itemStatusUpdated, order: exampleAdminOrder }] });
export type SaveItemStatusResponse = z.infer<typeof saveItemStatusAnswer>;
