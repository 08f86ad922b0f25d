import { houseAndStreet } from '@bagshop/shared/address-text';
import { countryName } from '@bagshop/shared/places';
import { TAX_PERCENT } from '@bagshop/shared/pricing/cart';
import { BAG_HSN_CODE, isIntraState, splitGst } from '@bagshop/shared/pricing/invoice';
import type { Paise } from '@bagshop/shared/pricing/money';
import type { AddressSnapshot } from '../../db/schema/orders.ts';
import {
  pdfMoney as money,
  newPdf,
  PDF_BOLD_FONT,
  PDF_FONT,
  PDF_MARGIN,
  type PdfFont,
  pdfText,
  pdfTextHeight,
} from '../../platform/pdf.ts';

export interface InvoiceSeller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

/** One line of an invoice or credit note as printed (figures from `@bagshop/shared/pricing/invoice`). */
export interface DocumentLine {
  description: string;
  qty: number;
  grossPaise: Paise;
  discountPaise: Paise;
  /** The rate stored with the line when it was sold. */
  gstPercent: number;
  taxablePaise: Paise;
  taxPaise: Paise;
  amountPaise: Paise;
}

export interface GstDocument {
  title: 'TAX INVOICE' | 'CREDIT NOTE';
  /** Label and value pairs under the document's name (number, date, order, …). */
  facts: Array<[string, string]>;
  customerEmail: string;
  address: AddressSnapshot;
  /** 'Maharashtra (27)' */
  placeOfSupply: string;
  /** A registered buyer's GSTIN, printed with their address (B2B), else null. */
  buyerGstin: string | null;
  lines: DocumentLine[];
  /** Label, amount and whether it is the grand total, below the lines. */
  totals: Array<[string, string, boolean?]>;
  note: string;
}

const half = `${TAX_PERCENT / 2} %`;

/** The tax lines of an amount of tax: CGST + SGST inside the seller's state, IGST outside. */
export function gstTotals(taxPaise: Paise, intraState: boolean): Array<[string, string]> {
  const split = splitGst(taxPaise, intraState);
  if (!intraState) return [[`IGST ${TAX_PERCENT} %`, money(split.igstPaise)]];
  return [
    [`CGST ${half}`, money(split.cgstPaise)],
    [`SGST ${half}`, money(split.sgstPaise)],
  ];
}

/** The delivery charge as a total line: what was paid, and the taxable value and GST inside it. */
export function shippingTotal(shippingPaise: Paise, taxablePaise: Paise, taxPaise: Paise): [string, string] {
  if (shippingPaise === 0) return ['Delivery', 'Free'];
  return [`Delivery: ${money(taxablePaise)} + GST ${money(taxPaise)}`, money(shippingPaise)];
}

/** An A4 GST document: seller, buyer, a line per item with HSN, taxable value and tax, then the totals. */
export async function renderGstDocument(seller: InvoiceSeller, document: GstDocument): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: PDF_MARGIN,
    info: { Title: `${document.title} ${document.facts[0]?.[1] ?? ''}`.trim(), Author: seller.name },
  });
  const intraState = isIntraState(seller.state, document.address.state);
  const left = PDF_MARGIN;
  const right = doc.page.width - PDF_MARGIN;
  doc.font(PDF_BOLD_FONT).fontSize(18).text(document.title, left, PDF_MARGIN, { align: 'right' });
  pdfText(doc, seller.name, left, PDF_MARGIN, { font: PDF_BOLD_FONT, size: 13 });
  pdfText(doc, seller.address, { font: PDF_FONT, size: 9, width: 260 });
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${seller.state}`);

  const metaTop = 130;
  doc.font(PDF_BOLD_FONT).fontSize(10).text('Bill to / Ship to', left, metaTop);
  const a = document.address;
  doc.font(PDF_FONT).fontSize(9);
  for (const text of [
    a.name,
    houseAndStreet(a),
    `${a.town} ${a.zipcode}`,
    `${a.state}, ${countryName(a.country)}`,
    `Phone: ${a.phone}`,
    document.customerEmail,
    ...(document.buyerGstin ? [`GSTIN: ${document.buyerGstin}`] : []),
  ]) {
    pdfText(doc, text, left, undefined, { font: PDF_FONT, size: 9, width: 260 });
  }
  const billToBottom = doc.y;
  doc
    .font(PDF_BOLD_FONT)
    .fontSize(10)
    .text(document.title === 'CREDIT NOTE' ? 'Credit note' : 'Invoice', 330, metaTop);
  doc.font(PDF_FONT).fontSize(9);
  for (const [label, value] of [...document.facts, ['Place of supply', document.placeOfSupply]]) {
    doc.text(`${label}: ${value}`, 330, undefined, { width: right - 330 });
  }

  const taxTitle = intraState ? 'CGST + SGST' : 'IGST';
  const columns = [
    { title: 'Item', x: left, width: 120, align: 'left' },
    { title: 'HSN', x: 170, width: 28, align: 'left' },
    { title: 'Qty', x: 198, width: 20, align: 'right' },
    { title: 'Price', x: 222, width: 64, align: 'right' },
    { title: 'Discount', x: 288, width: 60, align: 'right' },
    { title: 'Taxable value', x: 350, width: 64, align: 'right' },
    { title: taxTitle, x: 416, width: 64, align: 'right' },
    { title: 'Amount', x: 482, width: right - 482, align: 'right' },
  ] as const;
  let y = Math.max(billToBottom, doc.y) + 24;
  const rule = () => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  const cells = (values: string[], font: PdfFont) => {
    const heights = columns.map((c, i) => pdfTextHeight(doc, values[i], { font, size: 8, width: c.width }));
    columns.forEach((c, i) => {
      pdfText(doc, values[i], c.x, y, { font, size: 8, width: c.width, align: c.align });
    });
    y += Math.max(...heights) + 6;
  };
  rule();
  y += 6;
  cells(
    columns.map((c) => c.title),
    PDF_BOLD_FONT,
  );
  rule();
  y += 6;
  for (const line of document.lines) {
    if (y > doc.page.height - 220) {
      doc.addPage();
      y = PDF_MARGIN;
    }
    const split = splitGst(line.taxPaise, intraState);
    const tax = intraState ? `${money(split.cgstPaise)}\n${money(split.sgstPaise)}` : money(split.igstPaise);
    cells(
      [
        line.description,
        BAG_HSN_CODE,
        String(line.qty),
        money(line.grossPaise),
        `- ${money(line.discountPaise)}`,
        money(line.taxablePaise),
        tax,
        money(line.amountPaise),
      ],
      PDF_FONT,
    );
  }
  rule();
  y += 8;
  for (const [label, value, bold] of document.totals) {
    // A label may hold amounts too ('Delivery: ₹47.62 + GST ₹2.38').
    const style = { font: bold ? PDF_BOLD_FONT : PDF_FONT, size: bold ? 11 : 9 } as const;
    pdfText(doc, label, 300, y, { ...style, width: 160, align: 'right' });
    pdfText(doc, value, 462, y, { ...style, width: right - 462, align: 'right' });
    y += bold ? 18 : 14;
  }
  doc.fillColor('#555555');
  pdfText(doc, document.note, left, y + 24, { font: PDF_FONT, size: 8, width: right - left });
  doc.end();
  return done;
}
