/** Texts of the admin order desk and invoices, shared by client and server. */
export const ADMIN_ORDER_MSG = {
  statusRequired: 'Please choose a status',
  reasonMax: 'A reason can be at most 200 characters long',
  itemStatusUpdated: 'Item status updated',
  invoiceNotReady: 'The invoice is available once the order is paid',
} as const;
