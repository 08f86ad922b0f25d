import { describe, expect, it } from 'vitest';
import { creditNoteDownload, hasInvoice, invoiceFileName } from './invoice.ts';

describe('invoice', () => {
  it('is saved under the order number', () => {
    expect(invoiceFileName('ORD-AB12CD34EF')).toBe('ORD-AB12CD34EF.pdf');
    expect(invoiceFileName('../ORD/x')).toBe('ORDx.pdf');
    expect(invoiceFileName('')).toBe('invoice.pdf');
  });

  it('exists once the server numbered it', () => {
    expect(hasInvoice({ invoiceNumber: 'INV/26-27/000001' })).toBe(true);
    expect(hasInvoice({ invoiceNumber: null })).toBe(false);
  });

  it('saves a credit note under its number', () => {
    expect(creditNoteDownload('o 1', { _id: 'n1', number: 'CN/26-27/000007' })).toEqual({
      url: '/api/orders/o%201/credit-notes/n1',
      fileName: 'credit-note-CN-26-27-000007.pdf',
      useServerName: false,
    });
  });
});
