/** Texts of the dashboard, the sales report, the contact inbox and the audit log. */
export const INSIGHT_MSG = {
  filterInvalid: 'Choose daily, weekly, monthly, yearly or custom',
  dateInvalid: 'Enter a valid date',
  startDateRequired: 'Choose a start date',
  endDateRequired: 'Choose an end date',
  endBeforeStart: 'The end date must be on or after the start date',
  rangeTooLong: 'Choose a range of at most 5 years',
  formatInvalid: 'Choose PDF, XLSX or CSV',
  dashboardLoadFailed: 'We could not load the dashboard. Please try again.',
  reportLoadFailed: 'We could not load the sales report. Please try again.',
  downloadFailed: 'The download failed. Please try again.',
  downloadStarted: 'Your download has started',
  noSales: 'No sales in this period',
  noShipments: 'No items shipped in this period',
  noShipmentsSide: 'None shipped',
  salesReportTitle: 'Sales Report',
  /** The sales report's orders table's box, which scrolls sideways on a phone. */
  reportOrders: 'Orders of the period',
  reportProducts: 'Sales by product',
  productSheet: 'Sales Report',
  orderSheet: 'Order Details',
  pdfOrdersCut: (shown: number, all: number) =>
    `The first ${shown} of ${all} orders are listed; the XLSX and CSV downloads list every order.`,
} as const;
