import type { Paise } from '../pricing/money.ts';

/**
 * The GST documents of a period as the law reads them (docs/decisions/042-gst-on-what-is-paid.md): the sales
 * register (every invoice line) and the credit note register. GSTR-1 and the registers' files are built from these
 * alone, with the rates and values stored when each document was issued, never from today's prices or rates.
 */

/** 'INTRA' inside the seller's state (CGST + SGST), 'INTER' outside it (IGST). */
export type SupplyType = 'INTRA' | 'INTER';

/** One line of an invoice or credit note: an item, or the delivery charge (part of the same supply, HSN 4202). */
export interface RegisterLine {
  /** 'Trail Pack (Green)' or 'Shipping'. */
  description: string;
  /** '4202' */
  hsn: string;
  /** Units ('NOS'); 0 for the delivery charge. */
  qty: number;
  /** The rate stored with the line, e.g. 5. */
  gstPercent: number;
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
}

/** The buyer and where the supply goes, as printed on the document. */
export interface RegisterParty {
  buyerName: string;
  /** A registered buyer's GSTIN (B2B), or null for an unregistered buyer (B2C). */
  buyerGstin: string | null;
  /** The delivery state's two-digit GST code, e.g. '27' for Maharashtra. */
  placeOfSupply: string;
  supplyType: SupplyType;
}

export interface RegisterInvoice extends RegisterParty {
  /** INV/26-27/000001 */
  number: string;
  /** When it was issued (an instant; its date is read in India time). */
  issuedAt: Date;
  orderNumber: string;
  /** The invoice value: what was charged for the invoiced lines and the delivery, tax included. */
  valuePaise: Paise;
  lines: RegisterLine[];
}

export interface RegisterCreditNote extends RegisterParty {
  /** CN/26-27/000001 */
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  invoiceIssuedAt: Date;
  /** The value of the invoice it reduces, tax included (decides B2CL against B2CS). */
  invoiceValuePaise: Paise;
  orderNumber: string;
  /** The note's value: Σ its lines' taxable value and tax. */
  valuePaise: Paise;
  lines: RegisterLine[];
}

export interface GstRegisters {
  /** The seller's GSTIN. */
  gstin: string;
  /**
   * The return period: 'YYYY-MM' (a month) or 'YYYY-Qn', the calendar quarter of year YYYY (Q1 = January–March …
   * Q4 = October–December: the GST quarters, whose return carries the quarter's last month as its `fp`).
   */
  period: string;
  /** Every invoice issued in the period (India time), by number. */
  invoices: RegisterInvoice[];
  /** Every credit note issued in the period, by number. */
  creditNotes: RegisterCreditNote[];
}
