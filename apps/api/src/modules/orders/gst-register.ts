import type { GstPeriod } from '@bagshop/shared/gst/periods';
import type {
  GstRegisters,
  RegisterCreditNote,
  RegisterInvoice,
  RegisterLine,
  RegisterParty,
} from '@bagshop/shared/gst/registers';
import { BAG_HSN_CODE, shippingRateOf, splitGst } from '@bagshop/shared/pricing/invoice';
import { addPaise, type Paise, sumPaise } from '@bagshop/shared/pricing/money';
import { and, exists, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditNotes } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/orders.ts';
import { type CreditNote, creditNoteView } from './credit-note.ts';
import { type Invoice, invoiceView, lineDescription, type SupplyParty } from './invoice.ts';
import { loadOrderRecords } from './order-record.ts';

/** The seller as the registers name it: the GSTIN the return is filed for and the state that decides CGST or IGST. */
export interface RegisterSeller {
  gstin: string;
  state: string;
}

const DELIVERY = 'Delivery charge';

function registerLine(
  party: SupplyParty,
  figures: { description: string; qty: number; gstPercent: number; taxablePaise: Paise; taxPaise: Paise },
): RegisterLine {
  const split = splitGst(figures.taxPaise, party.intraState);
  return {
    description: figures.description,
    hsn: BAG_HSN_CODE,
    qty: figures.qty,
    gstPercent: figures.gstPercent,
    taxablePaise: figures.taxablePaise,
    igstPaise: split.igstPaise,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
  };
}

const partyOf = (party: SupplyParty, buyerName: string): RegisterParty => ({
  buyerName,
  buyerGstin: party.buyerGstin,
  placeOfSupply: party.placeOfSupplyCode,
  supplyType: party.intraState ? 'INTRA' : 'INTER',
});

const documentValue = (lines: readonly RegisterLine[]) =>
  sumPaise(lines.map((l) => addPaise(l.taxablePaise, l.igstPaise, l.cgstPaise, l.sgstPaise)));

/**
 * An invoice as the sales register reads it: a line per invoiced item and one for the delivery charge (part of the
 * same supply, CGST Act s. 15(2)(c)), the figures the PDF prints.
 */
export function registerInvoiceOf(invoice: Invoice): RegisterInvoice {
  const lines = invoice.lines.map((line) =>
    registerLine(invoice, { ...line, description: lineDescription({ ...line, status: 'Delivered' }) }),
  );
  if (invoice.shippingPaise > 0) {
    lines.push(
      registerLine(invoice, {
        description: DELIVERY,
        qty: 0,
        gstPercent: shippingRateOf(invoice.lines),
        taxablePaise: invoice.shippingTaxablePaise,
        taxPaise: invoice.shippingTaxPaise,
      }),
    );
  }
  return {
    ...partyOf(invoice, invoice.address.name),
    number: invoice.invoiceNumber,
    issuedAt: invoice.invoiceDate,
    orderNumber: invoice.orderNumber,
    valuePaise: documentValue(lines),
    lines,
  };
}

/**
 * A credit note as the credit note register reads it: the item's invoice line reversed, with the delivery charge when
 * it went back too. What a refund kept back or carried over is not a change in the value of the supply, so it is not
 * on the register (docs/decisions/042-gst-on-what-is-paid.md).
 */
export function registerCreditNoteOf(note: CreditNote, invoice: RegisterInvoice): RegisterCreditNote {
  const lines = [
    registerLine(note, { ...note.line, description: lineDescription({ ...note.line, status: 'Delivered' }) }),
  ];
  if (note.shippingPaise > 0) {
    lines.push(
      registerLine(note, {
        description: DELIVERY,
        qty: 0,
        gstPercent: note.line.gstPercent,
        taxablePaise: note.shippingTaxablePaise,
        taxPaise: note.shippingTaxPaise,
      }),
    );
  }
  return {
    ...partyOf(note, note.address.name),
    number: note.number,
    issuedAt: note.issuedAt,
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    invoiceValuePaise: invoice.valuePaise,
    orderNumber: note.orderNumber,
    valuePaise: documentValue(lines),
    lines,
  };
}

const byNumber = (a: { number: string }, b: { number: string }) => a.number.localeCompare(b.number);
const within = (at: Date, period: GstPeriod) => at >= period.from && at < period.to;

/**
 * The sales register and the credit note register of a period (India time): every invoice issued in it and every
 * credit note issued in it, whatever period their invoice belongs to, as their PDFs print them.
 */
export async function loadGstRegisters(db: DbOrTx, seller: RegisterSeller, period: GstPeriod): Promise<GstRegisters> {
  const issuedIn = (column: typeof orders.invoicedAt | typeof creditNotes.issuedAt) =>
    and(gte(column, period.from), lt(column, period.to));
  const records = await loadOrderRecords(
    db,
    and(
      isNotNull(orders.invoiceNumber),
      or(
        issuedIn(orders.invoicedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(creditNotes)
            .where(and(sql`${creditNotes.orderId} = ${orders.id}`, issuedIn(creditNotes.issuedAt))),
        ),
      ),
    ),
  );
  const invoices: RegisterInvoice[] = [];
  const notes: RegisterCreditNote[] = [];
  for (const record of records) {
    const invoice = invoiceView(record, seller.state);
    if (!invoice) continue;
    const registered = registerInvoiceOf(invoice);
    if (within(invoice.invoiceDate, period)) invoices.push(registered);
    for (const row of record.creditNotes) {
      if (within(row.issuedAt, period)) {
        notes.push(registerCreditNoteOf(creditNoteView(record, row, seller.state), registered));
      }
    }
  }
  return {
    gstin: seller.gstin,
    period: period.period,
    invoices: invoices.sort(byNumber),
    creditNotes: notes.sort(byNumber),
  };
}
