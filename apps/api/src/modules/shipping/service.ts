// What other modules, workflows and the server may use from the shipping module (docs/architecture.md, "Layers";
// docs/decisions/039-shipping.md).

export { bookShipment, bookShipments, cancelShipment, type ShippingDeps } from './booking.ts';
export { renderLabels } from './labels.ts';
export { loadAdminShipment, loadAdminShipments } from './shipment-view.ts';
export {
  applyTracking,
  checkWebhookToken,
  courierWebhookRefusalsSince,
  followHandMove,
  handleShippingWebhook,
  pollQuietShipments,
  SHIPPING_POLL_JOB,
  scheduleShippingPoll,
} from './tracking.ts';
