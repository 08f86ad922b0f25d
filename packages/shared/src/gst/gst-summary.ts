import { addPaise, type Paise, subtractPaise, sumPaise, toPaise, toRupees, ZERO_PAISE } from '../pricing/money.ts';
import type { GstSummaryDto } from '../schemas/gst.ts';
import { buildGstr1, type Gstr1Item } from './gstr1.ts';
import { gstPeriodDays, gstPeriodOf } from './periods.ts';
import type { GstRegisters, RegisterLine } from './registers.ts';

interface Figures {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

const NONE: Figures = { taxable: ZERO_PAISE, igst: ZERO_PAISE, cgst: ZERO_PAISE, sgst: ZERO_PAISE };

const plus = (a: Figures, b: Figures): Figures => ({
  taxable: addPaise(a.taxable, b.taxable),
  igst: addPaise(a.igst, b.igst),
  cgst: addPaise(a.cgst, b.cgst),
  sgst: addPaise(a.sgst, b.sgst),
});

const minus = (a: Figures, b: Figures): Figures => ({
  taxable: subtractPaise(a.taxable, b.taxable),
  igst: subtractPaise(a.igst, b.igst),
  cgst: subtractPaise(a.cgst, b.cgst),
  sgst: subtractPaise(a.sgst, b.sgst),
});

/** Figures of the return's own rupee amounts, back in paise so that sums are exact. */
const fromReturn = (row: { txval: number; iamt?: number; camt?: number; samt?: number }): Figures => ({
  taxable: toPaise(row.txval),
  igst: toPaise(row.iamt ?? 0),
  cgst: toPaise(row.camt ?? 0),
  sgst: toPaise(row.samt ?? 0),
});

const ofItems = (items: readonly Gstr1Item[]) => items.map((i) => fromReturn(i.itm_det)).reduce(plus, NONE);

const ofLines = (lines: readonly RegisterLine[]): Figures =>
  lines
    .map((l) => ({ taxable: l.taxablePaise, igst: l.igstPaise, cgst: l.cgstPaise, sgst: l.sgstPaise }))
    .reduce(plus, NONE);

const figuresValue = (f: Figures): Paise => addPaise(f.taxable, f.igst, f.cgst, f.sgst);

const inRupees = (f: Figures) => ({
  taxable: toRupees(f.taxable),
  igst: toRupees(f.igst),
  cgst: toRupees(f.cgst),
  sgst: toRupees(f.sgst),
  value: toRupees(figuresValue(f)),
});

const same = (a: Figures, b: Figures) =>
  a.taxable === b.taxable && a.igst === b.igst && a.cgst === b.cgst && a.sgst === b.sgst;

const SECTION_TITLES = {
  b2b: '4A B2B: registered buyers',
  b2cl: '5 B2C (Large): inter-state invoices over the limit',
  b2cs: '7 B2C (Small): all other unregistered buyers, net of their credit notes',
  cdnr: '9B Credit notes to registered buyers',
  cdnur: '9B Credit notes to unregistered buyers (B2C Large)',
  hsn: '12 HSN summary, net of credit notes',
} as const;

/**
 * What the administrator's page shows of a return: each section's totals as the file declares them, and the
 * registers they come from; `agrees` when the sections (and the HSN summary) add up to the registers to the paisa.
 */
export function gstSummary(registers: GstRegisters): GstSummaryDto {
  const period = gstPeriodOf(registers.period);
  if (!period) throw new RangeError(`${registers.period} is not a return period`);
  const ret = buildGstr1(registers);
  const b2bInvoices = (ret.b2b ?? []).flatMap((buyer) => buyer.inv);
  const b2clInvoices = (ret.b2cl ?? []).flatMap((place) => place.inv);
  const cdnrNotes = (ret.cdnr ?? []).flatMap((buyer) => buyer.nt);
  const cdnurNotes = ret.cdnur ?? [];
  const hsnRows = [...(ret.hsn?.hsn_b2b ?? []), ...(ret.hsn?.hsn_b2c ?? []), ...(ret.hsn?.data ?? [])];
  const sections = {
    b2b: { entries: b2bInvoices.length, figures: b2bInvoices.map((i) => ofItems(i.itms)).reduce(plus, NONE) },
    b2cl: { entries: b2clInvoices.length, figures: b2clInvoices.map((i) => ofItems(i.itms)).reduce(plus, NONE) },
    b2cs: { entries: (ret.b2cs ?? []).length, figures: (ret.b2cs ?? []).map(fromReturn).reduce(plus, NONE) },
    cdnr: { entries: cdnrNotes.length, figures: cdnrNotes.map((n) => ofItems(n.itms)).reduce(plus, NONE) },
    cdnur: { entries: cdnurNotes.length, figures: cdnurNotes.map((n) => ofItems(n.itms)).reduce(plus, NONE) },
    hsn: { entries: hsnRows.length, figures: hsnRows.map(fromReturn).reduce(plus, NONE) },
  };
  const declared = minus(
    plus(plus(sections.b2b.figures, sections.b2cl.figures), sections.b2cs.figures),
    plus(sections.cdnr.figures, sections.cdnur.figures),
  );
  const invoiced = registers.invoices.map((i) => ofLines(i.lines)).reduce(plus, NONE);
  const credited = registers.creditNotes.map((n) => ofLines(n.lines)).reduce(plus, NONE);
  const net = minus(invoiced, credited);
  return {
    period: period.period,
    label: period.label,
    fp: period.fp,
    ...gstPeriodDays(period),
    gstin: registers.gstin,
    sections: (Object.keys(SECTION_TITLES) as (keyof typeof SECTION_TITLES)[]).map((section) => ({
      section,
      title: SECTION_TITLES[section],
      entries: sections[section].entries,
      ...inRupees(sections[section].figures),
    })),
    declared: inRupees(declared),
    registers: {
      invoices: { count: registers.invoices.length, ...inRupees(invoiced) },
      creditNotes: { count: registers.creditNotes.length, ...inRupees(credited) },
      net: inRupees(net),
    },
    agrees: same(declared, net) && same(sections.hsn.figures, net),
    documents: (ret.doc_issue?.doc_det ?? []).flatMap((detail) =>
      detail.docs.map((range) => ({ kind: detail.doc_typ, from: range.from, to: range.to, total: range.totnum })),
    ),
  };
}

/** Σ of the registers' values, for tests and the page: invoices less credit notes, tax included. */
export const registersNetValue = (registers: GstRegisters): Paise =>
  subtractPaise(
    sumPaise(registers.invoices.map((i) => i.valuePaise)),
    sumPaise(registers.creditNotes.map((n) => n.valuePaise)),
  );
