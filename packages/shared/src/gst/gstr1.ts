import { asPaise, type Paise, toRupees } from '../pricing/money.ts';
import { type GstPeriod, gstDateOf, gstPeriodOf } from './periods.ts';
import type {
  GstRegisters,
  RegisterCreditNote,
  RegisterInvoice,
  RegisterLine,
  RegisterParty,
  SupplyType,
} from './registers.ts';

/**
 * GSTR-1, the return of outward supplies, as the JSON file the GST portal takes (the file the GSTN Returns Offline
 * Tool writes: format "GST3.2.4"). Built from the registers alone, pure, amounts in paise until the last step.
 *
 * The format, checked against the offline tool's own output:
 * - sections that would be empty are left out, a missing half of `hsn` too;
 * - invoice line items are one per tax rate, numbered rate × 100 + 1 (18 % → 1801), with IGST for an inter-state
 *   document and CGST + SGST for an intra-state one, cess always 0 (bags carry none);
 * - credit notes carry no original invoice number or date (`nt_num`, `nt_dt`, `ntty` 'C'), amounts unsigned;
 * - B2C (Small) rows are net of the credit notes against them and may be negative;
 * - the HSN summary is split into B2B and B2C halves from the May 2025 return on (before it, one `data` list);
 * - dates are dd-mm-yyyy in India time, amounts rupees with at most two decimals.
 *
 * Sources: a file captured from the Returns Offline Tool V3.2.4 and the tool's section specifications as published in
 * github.com/onyb/gst (spec/gstr1/*.json, fixtures/golden); the GST API's "Save GSTR1" v4.0 attributes as mapped in
 * github.com/resilient-tech/india-compliance (gst_returns/fields/gstr1.py, gstr_1/sections/*.py); CBIC notification
 * 12/2024-CT (rule 59(4)) for the ₹1,00,000 B2C (Large) limit from 1 August 2024.
 */
export const GSTR1_VERSION = 'GST3.2.4';

/** B2C (Large): an inter-state invoice to an unregistered buyer worth more than this, tax included (Rule 59 as of 1 Aug 2024). */
export const B2CL_LIMIT_PAISE = asPaise(1_00_000_00);
/** … and before 1 August 2024 (India time), more than ₹2,50,000. */
export const B2CL_OLD_LIMIT_PAISE = asPaise(2_50_000_00);
const B2CL_LIMIT_FROM = Date.parse('2024-08-01T00:00:00+05:30');

/** The HSN summary is split into supplies to registered and unregistered buyers from this return period on. */
const HSN_SPLIT_FROM = 202505;

export const DOC_INVOICES = { doc_num: 1, doc_typ: 'Invoices for outward supply' } as const;
export const DOC_CREDIT_NOTES = { doc_num: 5, doc_typ: 'Credit Note' } as const;

/** Bags are counted in numbers (pieces). */
export const BAG_UQC = 'NOS';

/** The shop's own short description per HSN code (the portal takes up to 30 characters). */
const HSN_DESCRIPTIONS: Record<string, string> = { '4202': 'Bags and travel goods' };
const HSN_DESCRIPTION_MAX = 30;

export interface Gstr1ItemDetail {
  txval: number;
  rt: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

export interface Gstr1Item {
  /** rate × 100 + 1 */
  num: number;
  itm_det: Gstr1ItemDetail;
}

export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}

export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: Gstr1Item[];
}

export interface Gstr1B2cs {
  sply_ty: SupplyType;
  rt: number;
  typ: 'OE';
  pos: string;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

export interface Gstr1CdnrNote {
  nt_num: string;
  nt_dt: string;
  ntty: 'C';
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}

export interface Gstr1CdnurNote {
  nt_num: string;
  nt_dt: string;
  ntty: 'C';
  val: number;
  typ: 'B2CL';
  pos: string;
  itms: Gstr1Item[];
}

export interface Gstr1HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  samt: number;
  camt: number;
  csamt: number;
}

/** From the May 2025 return: `hsn_b2b` and `hsn_b2c`; before it: `data`. */
export interface Gstr1Hsn {
  hsn_b2b?: Gstr1HsnRow[];
  hsn_b2c?: Gstr1HsnRow[];
  data?: Gstr1HsnRow[];
}

export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

export interface Gstr1DocDetail {
  doc_num: number;
  doc_typ: string;
  docs: Gstr1DocRange[];
}

export interface Gstr1Return {
  gstin: string;
  fp: string;
  version: typeof GSTR1_VERSION;
  hash: 'hash';
  b2b?: { ctin: string; inv: Gstr1B2bInvoice[] }[];
  b2cl?: { pos: string; inv: Gstr1B2clInvoice[] }[];
  b2cs?: Gstr1B2cs[];
  cdnr?: { ctin: string; nt: Gstr1CdnrNote[] }[];
  cdnur?: Gstr1CdnurNote[];
  doc_issue?: { doc_det: Gstr1DocDetail[] };
  hsn?: Gstr1Hsn;
}

/** Which table of GSTR-1 an invoice is reported in. */
export type InvoiceSection = 'b2b' | 'b2cl' | 'b2cs';
/** Which table a credit note is reported in: B2C (Small) takes it netted into its rows. */
export type CreditNoteSection = 'cdnr' | 'cdnur' | 'b2cs';

/** Taxable value and taxes in paise. */
interface TaxFigures {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

const NO_TAX: TaxFigures = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };

/** `figures` ± one line. */
function addLine(figures: TaxFigures, line: RegisterLine, sign: 1 | -1 = 1): TaxFigures {
  return {
    taxable: figures.taxable + sign * line.taxablePaise,
    igst: figures.igst + sign * line.igstPaise,
    cgst: figures.cgst + sign * line.cgstPaise,
    sgst: figures.sgst + sign * line.sgstPaise,
  };
}

/** Paise to rupees for the return: a number with at most two decimals. */
export function rupees(paise: number): number {
  // + 0 turns a negative nothing (−0) into 0.
  return toRupees(asPaise(paise)) + 0;
}

/** The registers' period, or a RangeError for one that is not 'YYYY-MM' or 'YYYY-Qn'. */
function returnPeriodOf(period: string): GstPeriod {
  const known = gstPeriodOf(period);
  if (!known) throw new RangeError(`${period} is not a return period (YYYY-MM or YYYY-Qn)`);
  return known;
}

/** The B2C (Large) limit that applies to an invoice issued at `issuedAt`. */
export function b2clLimit(issuedAt: Date): Paise {
  return issuedAt.getTime() >= B2CL_LIMIT_FROM ? B2CL_LIMIT_PAISE : B2CL_OLD_LIMIT_PAISE;
}

function isLarge(supplyType: SupplyType, valuePaise: Paise, issuedAt: Date): boolean {
  return supplyType === 'INTER' && valuePaise > b2clLimit(issuedAt);
}

export function invoiceSection(invoice: RegisterInvoice): InvoiceSection {
  if (invoice.buyerGstin !== null) return 'b2b';
  return isLarge(invoice.supplyType, invoice.valuePaise, invoice.issuedAt) ? 'b2cl' : 'b2cs';
}

/** A credit note goes where the invoice it reduces went. */
export function creditNoteSection(note: RegisterCreditNote): CreditNoteSection {
  if (note.buyerGstin !== null) return 'cdnr';
  return isLarge(note.supplyType, note.invoiceValuePaise, note.invoiceIssuedAt) ? 'cdnur' : 'b2cs';
}

/** Lines per tax rate, in the order the rates first appear. */
function byRate(lines: readonly RegisterLine[]): Map<number, TaxFigures> {
  const rates = new Map<number, TaxFigures>();
  for (const line of lines) rates.set(line.gstPercent, addLine(rates.get(line.gstPercent) ?? NO_TAX, line));
  return rates;
}

function taxDetail(figures: TaxFigures, supplyType: SupplyType) {
  return supplyType === 'INTER'
    ? { iamt: rupees(figures.igst) }
    : { camt: rupees(figures.cgst), samt: rupees(figures.sgst) };
}

function items(document: RegisterParty & { lines: RegisterLine[] }): Gstr1Item[] {
  return [...byRate(document.lines)].map(([rate, figures]) => ({
    num: Math.round(rate * 100) + 1,
    itm_det: { txval: rupees(figures.taxable), rt: rate, ...taxDetail(figures, document.supplyType), csamt: 0 },
  }));
}

/** Groups in the order their keys first appear. */
function groupBy<T>(values: readonly T[], key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const group = groups.get(key(value));
    if (group) group.push(value);
    else groups.set(key(value), [value]);
  }
  return groups;
}

function b2bSection(invoices: RegisterInvoice[]): Gstr1Return['b2b'] {
  return [...groupBy(invoices, (i) => i.buyerGstin as string)].map(([ctin, list]) => ({
    ctin,
    inv: list.map((invoice) => ({
      inum: invoice.number,
      idt: gstDateOf(invoice.issuedAt),
      val: rupees(invoice.valuePaise),
      pos: invoice.placeOfSupply,
      rchrg: 'N' as const,
      inv_typ: 'R' as const,
      itms: items(invoice),
    })),
  }));
}

function b2clSection(invoices: RegisterInvoice[]): Gstr1Return['b2cl'] {
  return [...groupBy(invoices, (i) => i.placeOfSupply)].map(([pos, list]) => ({
    pos,
    inv: list.map((invoice) => ({
      inum: invoice.number,
      idt: gstDateOf(invoice.issuedAt),
      val: rupees(invoice.valuePaise),
      itms: items(invoice),
    })),
  }));
}

function cdnrSection(notes: RegisterCreditNote[]): Gstr1Return['cdnr'] {
  return [...groupBy(notes, (n) => n.buyerGstin as string)].map(([ctin, list]) => ({
    ctin,
    nt: list.map((note) => ({
      nt_num: note.number,
      nt_dt: gstDateOf(note.issuedAt),
      ntty: 'C' as const,
      val: rupees(note.valuePaise),
      pos: note.placeOfSupply,
      rchrg: 'N' as const,
      inv_typ: 'R' as const,
      itms: items(note),
    })),
  }));
}

function cdnurSection(notes: RegisterCreditNote[]): Gstr1CdnurNote[] {
  return notes.map((note) => ({
    nt_num: note.number,
    nt_dt: gstDateOf(note.issuedAt),
    ntty: 'C' as const,
    val: rupees(note.valuePaise),
    typ: 'B2CL' as const,
    pos: note.placeOfSupply,
    itms: items(note),
  }));
}

const isZero = (figures: TaxFigures) => Object.values(figures).every((amount) => amount === 0);

/** One row per (supply type, place of supply, rate): the invoices' lines less the credit notes' lines. */
function b2csSection(invoices: RegisterInvoice[], notes: RegisterCreditNote[]): Gstr1B2cs[] {
  const rows = new Map<string, { supplyType: SupplyType; pos: string; rate: number; figures: TaxFigures }>();
  const add = (document: RegisterParty & { lines: RegisterLine[] }, sign: 1 | -1) => {
    for (const line of document.lines) {
      const key = `${document.placeOfSupply}|${document.supplyType}|${line.gstPercent}`;
      const row = rows.get(key) ?? {
        supplyType: document.supplyType,
        pos: document.placeOfSupply,
        rate: line.gstPercent,
        figures: NO_TAX,
      };
      rows.set(key, { ...row, figures: addLine(row.figures, line, sign) });
    }
  };
  for (const invoice of invoices) add(invoice, 1);
  for (const note of notes) add(note, -1);
  return [...rows.values()]
    .filter((row) => !isZero(row.figures))
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.supplyType.localeCompare(b.supplyType) || a.rate - b.rate)
    .map((row) => ({
      sply_ty: row.supplyType,
      rt: row.rate,
      typ: 'OE' as const,
      pos: row.pos,
      txval: rupees(row.figures.taxable),
      ...taxDetail(row.figures, row.supplyType),
      csamt: 0,
    }));
}

/** The description of an HSN code on the summary: the shop's own, else the first line's, cut to what the portal takes. */
function hsnDescription(hsn: string, line: RegisterLine): string {
  const text = HSN_DESCRIPTIONS[hsn] ?? line.description.replace(/[^ A-Za-z0-9_@./&-]/g, ' ');
  return text.replace(/\s+/g, ' ').trim().slice(0, HSN_DESCRIPTION_MAX).trim();
}

/** HSN summary rows per (HSN, rate), net of credit notes; quantities too (the delivery charge counts 0). */
function hsnRows(documents: { lines: RegisterLine[]; sign: 1 | -1 }[]): Gstr1HsnRow[] {
  const rows = new Map<string, { hsn: string; rate: number; desc: string; qty: number; figures: TaxFigures }>();
  for (const { lines, sign } of documents) {
    for (const line of lines) {
      const key = `${line.hsn}|${line.gstPercent}`;
      const row = rows.get(key) ?? {
        hsn: line.hsn,
        rate: line.gstPercent,
        desc: hsnDescription(line.hsn, line),
        qty: 0,
        figures: NO_TAX,
      };
      rows.set(key, { ...row, qty: row.qty + sign * line.qty, figures: addLine(row.figures, line, sign) });
    }
  }
  return [...rows.values()]
    .filter((row) => row.qty !== 0 || !isZero(row.figures))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
    .map((row, i) => ({
      num: i + 1,
      hsn_sc: row.hsn,
      desc: row.desc,
      uqc: BAG_UQC,
      qty: row.qty,
      rt: row.rate,
      txval: rupees(row.figures.taxable),
      iamt: rupees(row.figures.igst),
      samt: rupees(row.figures.sgst),
      camt: rupees(row.figures.cgst),
      csamt: 0,
    }));
}

function hsnSection(fp: string, invoices: RegisterInvoice[], notes: RegisterCreditNote[]): Gstr1Hsn | undefined {
  const documents = [
    ...invoices.map((i) => ({ registered: i.buyerGstin !== null, lines: i.lines, sign: 1 as const })),
    ...notes.map((n) => ({ registered: n.buyerGstin !== null, lines: n.lines, sign: -1 as const })),
  ];
  const yearMonth = Number(fp.slice(2)) * 100 + Number(fp.slice(0, 2));
  const hsn: Gstr1Hsn =
    yearMonth < HSN_SPLIT_FROM
      ? { data: hsnRows(documents) }
      : {
          hsn_b2b: hsnRows(documents.filter((d) => d.registered)),
          hsn_b2c: hsnRows(documents.filter((d) => !d.registered)),
        };
  return withoutEmpty(hsn);
}

/** 'INV/26-27/000042' → series 'INV/26-27/', serial 42. */
export function documentSeries(number: string): { series: string; serial: number } {
  const match = /^(.*?)(\d+)$/.exec(number);
  return match ? { series: match[1], serial: Number(match[2]) } : { series: number, serial: Number.NaN };
}

/** Each series' numbers as ranges without gaps (the shop never cancels a document; a gap starts a new range). */
function documentRanges(numbers: readonly string[]): Gstr1DocRange[] {
  const ranges: { from: string; to: string; last: number; count: number }[] = [];
  const series = groupBy(numbers, (n) => documentSeries(n).series);
  for (const key of [...series.keys()].sort()) {
    const sorted = [...new Set(series.get(key))].sort((a, b) => documentSeries(a).serial - documentSeries(b).serial);
    for (const number of sorted) {
      const { serial } = documentSeries(number);
      const open = ranges.at(-1);
      if (open && documentSeries(open.to).series === key && serial === open.last + 1) {
        Object.assign(open, { to: number, last: serial, count: open.count + 1 });
      } else ranges.push({ from: number, to: number, last: serial, count: 1 });
    }
  }
  return ranges.map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.count, cancel: 0, net_issue: r.count }));
}

function docIssueSection(registers: GstRegisters): Gstr1Return['doc_issue'] {
  const details = [
    { ...DOC_INVOICES, docs: documentRanges(registers.invoices.map((i) => i.number)) },
    { ...DOC_CREDIT_NOTES, docs: documentRanges(registers.creditNotes.map((n) => n.number)) },
  ].filter((d) => d.docs.length > 0);
  return details.length > 0 ? { doc_det: details } : undefined;
}

/** Drops the keys whose value is undefined or an empty list, as the offline tool leaves empty sections out. */
function withoutEmpty<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}

/** Refuses registers the return cannot state truthfully: a document outside the period, or tax of the wrong kind. */
function checkRegisters(registers: GstRegisters, period: GstPeriod) {
  const documents = [...registers.invoices, ...registers.creditNotes];
  for (const document of documents) {
    if (document.issuedAt < period.from || document.issuedAt >= period.to) {
      const day = gstDateOf(document.issuedAt);
      throw new RangeError(`${document.number} is dated ${day}, outside the period ${period.label}`);
    }
    if (!/^\d{2}$/.test(document.placeOfSupply)) {
      throw new RangeError(`${document.number} has no two-digit place of supply`);
    }
    for (const line of document.lines) {
      const wrongTax =
        document.supplyType === 'INTER' ? line.cgstPaise !== 0 || line.sgstPaise !== 0 : line.igstPaise !== 0;
      if (wrongTax) {
        throw new RangeError(`${document.number} is ${document.supplyType} but '${line.description}' has other tax`);
      }
    }
  }
}

/** The GSTR-1 of the registers' period, as the portal's JSON file. */
export function buildGstr1(registers: GstRegisters): Gstr1Return {
  const period = returnPeriodOf(registers.period);
  checkRegisters(registers, period);
  const { fp } = period;
  const invoices = groupBy(registers.invoices, invoiceSection);
  const notes = groupBy(registers.creditNotes, creditNoteSection);
  const sections = withoutEmpty({
    b2b: b2bSection(invoices.get('b2b') ?? []),
    b2cl: b2clSection(invoices.get('b2cl') ?? []),
    b2cs: b2csSection(invoices.get('b2cs') ?? [], notes.get('b2cs') ?? []),
    cdnr: cdnrSection(notes.get('cdnr') ?? []),
    cdnur: cdnurSection(notes.get('cdnur') ?? []),
    doc_issue: docIssueSection(registers),
    hsn: hsnSection(fp, registers.invoices, registers.creditNotes),
  });
  return { gstin: registers.gstin, fp, version: GSTR1_VERSION, hash: 'hash', ...sections };
}
