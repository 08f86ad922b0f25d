import { stateLabel, stateOfGstCode } from '../places.ts';
import type { Sheet, SheetCell } from '../sheet.ts';
import { BAG_UQC, buildGstr1, type Gstr1DocDetail, type Gstr1HsnRow, type Gstr1Item, rupees } from './gstr1.ts';
import { gstDateOf } from './periods.ts';
import type { GstRegisters, RegisterCreditNote, RegisterInvoice, RegisterLine } from './registers.ts';

/**
 * GSTR-1 as the sheets of the GSTN Returns Offline Tool's workbook (GSTR1 Excel Workbook Template V2.2, and the
 * section-wise CSV files named after the sheets), so an accountant can check the return or import it into the tool;
 * and the sales and credit note registers it comes from. Everything is read from `buildGstr1`, so the sheets and the
 * JSON file always say the same.
 */

/** '27' → '27-Maharashtra', as the tool writes a place of supply (it reads the code before the dash). */
export function placeOfSupplyText(code: string): string {
  const state = stateOfGstCode(code);
  return state ? `${code}-${stateLabel(state)}` : code;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '03-11-2026' → '03-Nov-2026', the only date form the tool's import takes (as text, not a date cell). */
function sheetDate(ddmmyyyy: string): string {
  const [day, month, year] = ddmmyyyy.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** The tool refuses a receiver name outside these characters (the name stays on the sheet, never in the JSON). */
function receiverName(name: string): string {
  return name
    .replace(/[^a-zA-Z0-9_&'\-./,()?@!#%$~*;+= ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 99);
}

const RATE = 'Rate';
const TAXABLE = 'Taxable Value';
const CESS = 'Cess Amount';
const DIFF_PERCENT = 'Applicable % of Tax Rate';
const ECOMMERCE = 'E-Commerce GSTIN';
const POS = 'Place Of Supply';
const NOTE_COLUMNS = ['Note Number', 'Note Date', 'Note Type'];
const REGULAR_B2B = 'Regular B2B';

/** The rate columns of an invoice or note: one row per item. */
const itemCells = (item: Gstr1Item): SheetCell[] => [item.itm_det.rt, item.itm_det.txval, item.itm_det.csamt];

function hsnSheet(name: string, rows: Gstr1HsnRow[] = []): Sheet {
  return {
    name,
    columns: [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      RATE,
      TAXABLE,
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      CESS,
    ],
    money: ['Total Value', TAXABLE, 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', CESS],
    rows: rows.map((h) => [
      h.hsn_sc,
      h.desc,
      h.uqc === BAG_UQC ? 'NOS-NUMBERS' : h.uqc,
      h.qty,
      rupees([h.txval, h.iamt, h.camt, h.samt, h.csamt].reduce((sum, amount) => sum + Math.round(amount * 100), 0)),
      h.rt,
      h.txval,
      h.iamt,
      h.camt,
      h.samt,
      h.csamt,
    ]),
  };
}

function docsSheet(details: Gstr1DocDetail[] = []): Sheet {
  return {
    name: 'docs',
    columns: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    rows: details.flatMap((d) => d.docs.map((r) => [d.doc_typ, r.from, r.to, r.totnum, r.cancel])),
  };
}

/** The sheets of the offline tool's workbook for the registers' GSTR-1, one per table it files. */
export function gstr1Sheets(registers: GstRegisters): Sheet[] {
  const gstr1 = buildGstr1(registers);
  const names = new Map(
    [...registers.invoices, ...registers.creditNotes].map((d) => [d.number, receiverName(d.buyerName)]),
  );
  const b2b: Sheet = {
    name: 'b2b,sez,de',
    columns: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      POS,
      'Reverse Charge',
      DIFF_PERCENT,
      'Invoice Type',
      ECOMMERCE,
      RATE,
      TAXABLE,
      CESS,
    ],
    money: ['Invoice Value', TAXABLE, CESS],
    rows: (gstr1.b2b ?? []).flatMap((b) =>
      b.inv.flatMap((i) =>
        i.itms.map((item) => {
          const [rate, ...amounts] = itemCells(item);
          const invoice = [b.ctin, names.get(i.inum) ?? '', i.inum, sheetDate(i.idt), i.val, placeOfSupplyText(i.pos)];
          return [...invoice, i.rchrg, '', REGULAR_B2B, '', rate, ...amounts];
        }),
      ),
    ),
  };
  const b2cl: Sheet = {
    name: 'b2cl',
    columns: ['Invoice Number', 'Invoice date', 'Invoice Value', POS, DIFF_PERCENT, RATE, TAXABLE, CESS, ECOMMERCE],
    money: ['Invoice Value', TAXABLE, CESS],
    rows: (gstr1.b2cl ?? []).flatMap((b) =>
      b.inv.flatMap((i) =>
        i.itms.map((item) => [i.inum, sheetDate(i.idt), i.val, placeOfSupplyText(b.pos), '', ...itemCells(item), '']),
      ),
    ),
  };
  const b2cs: Sheet = {
    name: 'b2cs',
    columns: ['Type', POS, DIFF_PERCENT, RATE, TAXABLE, CESS, ECOMMERCE],
    money: [TAXABLE, CESS],
    rows: (gstr1.b2cs ?? []).map((r) => [r.typ, placeOfSupplyText(r.pos), '', r.rt, r.txval, r.csamt, '']),
  };
  const cdnr: Sheet = {
    name: 'cdnr',
    columns: [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      ...NOTE_COLUMNS,
      POS,
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      DIFF_PERCENT,
      RATE,
      TAXABLE,
      CESS,
    ],
    money: ['Note Value', TAXABLE, CESS],
    rows: (gstr1.cdnr ?? []).flatMap((c) =>
      c.nt.flatMap((n) =>
        n.itms.map((item) => {
          const note = [c.ctin, names.get(n.nt_num) ?? '', n.nt_num, sheetDate(n.nt_dt), n.ntty];
          return [...note, placeOfSupplyText(n.pos), n.rchrg, REGULAR_B2B, n.val, '', ...itemCells(item)];
        }),
      ),
    ),
  };
  const cdnur: Sheet = {
    name: 'cdnur',
    columns: ['UR Type', ...NOTE_COLUMNS, POS, 'Note Value', DIFF_PERCENT, RATE, TAXABLE, CESS],
    money: ['Note Value', TAXABLE, CESS],
    rows: (gstr1.cdnur ?? []).flatMap((n) =>
      n.itms.map((item) => [
        n.typ,
        n.nt_num,
        sheetDate(n.nt_dt),
        n.ntty,
        placeOfSupplyText(n.pos),
        n.val,
        '',
        ...itemCells(item),
      ]),
    ),
  };
  const hsn = gstr1.hsn?.data
    ? [hsnSheet('hsn', gstr1.hsn.data)]
    : [hsnSheet('hsn(b2b)', gstr1.hsn?.hsn_b2b), hsnSheet('hsn(b2c)', gstr1.hsn?.hsn_b2c)];
  return [b2b, b2cl, b2cs, cdnr, cdnur, ...hsn, docsSheet(gstr1.doc_issue?.doc_det)];
}

const LINE_COLUMNS = [
  'Order Number',
  'Buyer',
  'Buyer GSTIN',
  'Place of Supply',
  'Supply Type',
  'Description',
  'HSN',
  'Qty',
  'GST Rate (%)',
  'Taxable Value',
  'IGST',
  'CGST',
  'SGST',
  'Line Total',
];
const LINE_MONEY = ['Taxable Value', 'IGST', 'CGST', 'SGST', 'Line Total'];

function lineCells(document: RegisterInvoice | RegisterCreditNote, line: RegisterLine): SheetCell[] {
  const total = line.taxablePaise + line.igstPaise + line.cgstPaise + line.sgstPaise;
  return [
    document.orderNumber,
    document.buyerName,
    document.buyerGstin ?? '',
    placeOfSupplyText(document.placeOfSupply),
    document.supplyType === 'INTER' ? 'Inter-state' : 'Intra-state',
    line.description,
    line.hsn,
    line.qty,
    line.gstPercent,
    rupees(line.taxablePaise),
    rupees(line.igstPaise),
    rupees(line.cgstPaise),
    rupees(line.sgstPaise),
    rupees(total),
  ];
}

/** The period's sales register and credit note register: one row per document line, dates in India time. */
export function registerSheets(registers: GstRegisters): Sheet[] {
  const day = (moment: Date) => sheetDate(gstDateOf(moment));
  return [
    {
      name: 'Sales register',
      columns: ['Invoice Number', 'Invoice Date', ...LINE_COLUMNS],
      money: LINE_MONEY,
      rows: registers.invoices.flatMap((i) => i.lines.map((l) => [i.number, day(i.issuedAt), ...lineCells(i, l)])),
    },
    {
      name: 'Credit note register',
      columns: ['Credit Note Number', 'Credit Note Date', 'Invoice Number', 'Invoice Date', ...LINE_COLUMNS],
      money: LINE_MONEY,
      rows: registers.creditNotes.flatMap((n) =>
        n.lines.map((l) => [n.number, day(n.issuedAt), n.invoiceNumber, day(n.invoiceIssuedAt), ...lineCells(n, l)]),
      ),
    },
  ];
}
