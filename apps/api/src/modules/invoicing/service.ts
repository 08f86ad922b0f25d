// The module's surface: GST invoice and credit note numbers, issued by orders and payments in their transactions.
export { nextDocumentNumber } from './document-numbers.ts';
export { type CreditNoteInput, issueCreditNote, issueInvoice } from './issue.ts';
