// What other modules, workflows and the server may use from the orders module: the order views and the one item
// transition path (docs/architecture.md, "Layers").

export { codConfirmTokenOf, scheduleCodConfirmationExpiry } from './cod-confirmation.ts';
export { loadGstRegisters, type RegisterSeller } from './gst-register.ts';
export { orderInvoicePdf } from './invoice-attachment.ts';
export type { ShipmentRecord } from './order-record.ts';
export { type ItemMove, moveItem, moveLockedItems } from './order-transitions.ts';
export {
  awaitsCodConfirmation,
  loadAdminOrder,
  loadAdminOrders,
  loadOrderDto,
  loadOrderDtos,
  type OrderItemRow,
  type OrderRow,
  toOrderDto,
} from './order-view.ts';
export { adminShipmentOf } from './shipment-view.ts';
