/** Texts of the admin desk's shipping screens: the Ship dialog, the Shipments card and the orders list's bulk actions. */
export const SHIPPING_SCREEN_MSG = {
  shiprocketAssigns: 'Shiprocket assigns the courier and the tracking number (AWB) when the parcel is booked.',
  manualNote: 'Book the parcel at the courier’s counter first, then enter the courier and the AWB it gave you.',
  settingsFailed: 'Could not load the shipping settings. Please try again.',
  shipFailed: 'Could not book the shipment. Please try again.',
  cancelFailed: 'Could not cancel the shipment. Please try again.',
  labelFailed: 'Could not download the label. Please try again.',
  noShipments: 'No shipments yet',
  cancelQuestion: (awb: string) =>
    `Cancel shipment ${awb}? Its items go back to Pending and can be shipped again. Tell the courier it will not be picked up.`,
  bulkShipOnlyShiprocket: 'Ship selected needs Shiprocket: with the manual provider each order needs its own AWB.',
  noLiveShipments: 'The selected orders have no shipments to print labels for',
  bulkShipDone: (shipped: number, failed: number) =>
    `${shipped} ${shipped === 1 ? 'order' : 'orders'} shipped${failed > 0 ? `, ${failed} not shipped` : ''}`,
  shippedWith: (courier: string, awb: string) => `Shipped: ${courier}, AWB ${awb}`,
} as const;
