import { periodDaysText } from '@bagshop/shared/insight';
import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import { toPaise } from '@bagshop/shared/pricing/money';
import {
  newPdf,
  PDF_BOLD_FONT,
  PDF_FONT,
  PDF_MARGIN,
  pdfMoney,
  pdfText,
  pdfTextHeight,
  pdfTextWidth,
} from '../../../platform/pdf.ts';
import {
  type CellKind,
  columnTotal,
  dateTimeText,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  periodText,
  type ReportColumn,
  SUMMARY_LINES,
  TOTALS_LABEL,
} from './report-columns.ts';

const PAD = 2.5;
const FOOTER_SPACE = 20;
const HEADER_FILL = '#e9ecef';
const RULE_COLOR = '#adb5bd';
const MUTED = '#555555';

function cellText(kind: CellKind, value: string | number): string {
  if (kind === 'money') return pdfMoney(toPaise(Number(value)));
  if (kind === 'count') return String(value);
  if (kind === 'dateTime') return dateTimeText(String(value));
  return String(value);
}

interface Table {
  title: string;
  fontSize: number;
  columns: { header: string; kind: CellKind; weight: number }[];
  rows: string[][];
  totals: string[];
}

/**
 * A PDF is laid out in one go on the server's only thread, so a long period lists its first orders and leaves the
 * full list to the XLSX and CSV files; the totals still count every order.
 */
export const PDF_MAX_ORDER_ROWS = 500;

function table<Row>(
  title: string,
  fontSize: number,
  columns: ReportColumn<Row>[],
  rows: Row[],
  maxRows = rows.length,
): Table {
  const shown = columns.filter((c) => c.inPdf !== false);
  return {
    title,
    fontSize,
    columns: shown.map((c) => ({ header: c.header, kind: c.kind, weight: c.width })),
    rows: rows.slice(0, maxRows).map((row) => shown.map((c) => cellText(c.kind, c.value(row)))),
    totals: shown.map((c, i) => {
      if (i === 0) return TOTALS_LABEL;
      const total = columnTotal(c, rows);
      return total === undefined ? '' : cellText(c.kind, total);
    }),
  };
}

/** A report page: A4 landscape with the shop's invoice fonts and margin. */
class ReportWriter {
  y: number;
  readonly left = PDF_MARGIN;
  readonly right: number;
  readonly bottom: number;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.y = PDF_MARGIN;
    this.right = doc.page.width - PDF_MARGIN;
    this.bottom = doc.page.height - PDF_MARGIN - FOOTER_SPACE;
  }

  newPage() {
    this.doc.addPage();
    this.y = PDF_MARGIN;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  room(height: number) {
    if (this.y + height > this.bottom) this.newPage();
  }

  heading(text: string) {
    this.doc.font(PDF_BOLD_FONT).fontSize(11).fillColor('black');
    this.doc.text(text, this.left, this.y, { width: this.right - this.left });
    this.y = this.doc.y + 4;
  }

  rule() {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.5).strokeColor(RULE_COLOR).stroke();
  }

  /**
   * Each column gets the width of its widest text, a list such as 'Delivered, Returned' may wrap after its commas,
   * and what is left goes to the text columns; when even the narrowest layout is too wide, all shrink and wrap.
   */
  private widths(t: Table): number[] {
    const { doc } = this;
    const available = this.right - this.left;
    const bold = { font: PDF_BOLD_FONT, size: t.fontSize } as const;
    const regular = { font: PDF_FONT, size: t.fontSize } as const;
    const spans = t.columns.map((column, i) => {
      doc.font(PDF_BOLD_FONT).fontSize(t.fontSize);
      const header = Math.max(...column.header.split(' ').map((word) => doc.widthOfString(word)));
      let least = Math.max(header, pdfTextWidth(doc, t.totals[i], bold));
      let most = least;
      for (const row of t.rows) {
        most = Math.max(most, pdfTextWidth(doc, row[i], regular));
        const parts = column.kind === 'text' ? row[i].split(', ') : [row[i]];
        for (const part of parts) least = Math.max(least, pdfTextWidth(doc, part, regular));
      }
      const cap = column.kind === 'text' ? column.weight * t.fontSize * 0.6 : Number.POSITIVE_INFINITY;
      const padding = 2 * PAD + 1;
      return { least: Math.min(least, cap) + padding, most: Math.max(Math.min(most, cap), least) + padding };
    });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const least = sum(spans.map((s) => s.least));
    const most = sum(spans.map((s) => s.most));
    if (least >= available) return spans.map((s) => (s.least * available) / least);
    if (most >= available) {
      return spans.map((s) => s.least + ((s.most - s.least) * (available - least)) / (most - least));
    }
    const textWeight = sum(t.columns.map((c) => (c.kind === 'text' ? c.weight : 0)));
    return spans.map((s, i) =>
      t.columns[i].kind === 'text' && textWeight > 0
        ? s.most + ((available - most) * t.columns[i].weight) / textWeight
        : s.most,
    );
  }

  private row(t: Table, widths: number[], cells: string[], bold: boolean, fill?: string) {
    const { doc } = this;
    const height = this.rowHeight(t, widths, cells, bold);
    if (fill) {
      doc
        .rect(this.left, this.y, this.right - this.left, height)
        .fill(fill)
        .fillColor('black');
    }
    let x = this.left;
    cells.forEach((text, i) => {
      const align = t.columns[i].kind === 'money' || t.columns[i].kind === 'count' ? 'right' : 'left';
      pdfText(doc.fillColor('black'), text, x + PAD, this.y + PAD, {
        font: bold ? PDF_BOLD_FONT : PDF_FONT,
        size: t.fontSize,
        width: widths[i] - 2 * PAD,
        align,
      });
      x += widths[i];
    });
    this.y += height;
  }

  /** Leaves the row's font selected. */
  private rowHeight(t: Table, widths: number[], cells: string[], bold = false): number {
    const style = { font: bold ? PDF_BOLD_FONT : PDF_FONT, size: t.fontSize } as const;
    return (
      Math.max(
        ...cells.map((text, i) => pdfTextHeight(this.doc, text || ' ', { ...style, width: widths[i] - 2 * PAD })),
      ) +
      2 * PAD
    );
  }

  /** A table whose heading and header row come again on every page it runs onto. */
  table(t: Table) {
    const widths = this.widths(t);
    const header = () => {
      this.row(
        t,
        widths,
        t.columns.map((c) => c.header),
        true,
        HEADER_FILL,
      );
    };
    const headerHeight = 2 * t.fontSize + 4 * PAD;
    this.room(24 + headerHeight + (t.rows.length > 0 ? this.rowHeight(t, widths, t.rows[0]) : 20));
    this.heading(t.title);
    header();
    if (t.rows.length === 0) {
      this.doc.font(PDF_FONT).fontSize(t.fontSize).fillColor(MUTED);
      this.doc.text(INSIGHT_MSG.noSales, this.left + PAD, this.y + PAD);
      this.y = this.doc.y + PAD;
    }
    for (const cells of t.rows) {
      if (this.y + this.rowHeight(t, widths, cells) > this.bottom) {
        this.newPage();
        this.heading(`${t.title} (continued)`);
        header();
      }
      this.row(t, widths, cells, false);
    }
    this.room(this.rowHeight(t, widths, t.totals, true) + 2);
    this.rule();
    this.row(t, widths, t.totals, true);
    this.y += 16;
  }
}

function writeHeader(w: ReportWriter, report: SalesReportDto, shopName: string | undefined, generatedAt: Date) {
  const { doc } = w;
  doc.font(PDF_BOLD_FONT).fontSize(18).fillColor('black');
  doc.text(INSIGHT_MSG.salesReportTitle, w.left, PDF_MARGIN, { width: w.right - w.left, align: 'right' });
  if (shopName) {
    pdfText(doc, shopName, w.left, PDF_MARGIN, { font: PDF_BOLD_FONT, size: 13, width: (w.right - w.left) / 2 });
  }
  w.y = Math.max(doc.y, PDF_MARGIN + 22) + 6;
  doc.font(PDF_FONT).fontSize(9);
  doc.text(periodText(report.period), w.left, w.y);
  doc.text(`Generated: ${dateTimeText(generatedAt)} IST`);
  doc.text('Amounts in Indian rupees. Cancelled and returned items are not sales.');
  w.y = doc.y + 14;
}

function writeSummary(w: ReportWriter, report: SalesReportDto) {
  const { doc } = w;
  const lineHeight = 13;
  w.room(24 + SUMMARY_LINES.length * lineHeight);
  w.heading('Period totals');
  for (const line of SUMMARY_LINES) {
    const value = line.value(report);
    const text = line.kind === 'money' ? pdfMoney(toPaise(value)) : String(value);
    const bold = line.label.startsWith('Net');
    doc
      .font(bold ? PDF_BOLD_FONT : PDF_FONT)
      .fontSize(9)
      .fillColor('black');
    doc.text(line.label, w.left, w.y, { width: 150 });
    pdfText(doc, text, w.left + 150, w.y, {
      font: bold ? PDF_BOLD_FONT : PDF_FONT,
      size: 9,
      width: 110,
      align: 'right',
    });
    w.y += lineHeight;
  }
  w.y += 14;
}

function writeFooters(w: ReportWriter, report: SalesReportDto) {
  const { doc } = w;
  const { start, count } = doc.bufferedPageRange();
  const days = periodDaysText(report.period);
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text inside the bottom margin would otherwise start yet another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PDF_MARGIN - 10;
    doc.font(PDF_FONT).fontSize(8).fillColor(MUTED);
    doc.text(`${INSIGHT_MSG.salesReportTitle}, ${days}`, w.left, y, { width: 300, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, w.right - 150, y, { width: 150, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/** The sales report as an A4 landscape PDF: products, the period's totals, then every order. */
export async function salesReportPdf(
  report: SalesReportDto,
  shopName?: string,
  generatedAt = new Date(),
): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: PDF_MARGIN,
    bufferPages: true,
    info: {
      Title: `${INSIGHT_MSG.salesReportTitle} ${report.period.startDate} – ${report.period.endDate}`,
      Author: shopName ?? '',
    },
  });
  const w = new ReportWriter(doc);
  writeHeader(w, report, shopName, generatedAt);
  if (report.products.length === 0 && report.orders.length === 0) {
    doc.font(PDF_BOLD_FONT).fontSize(12).fillColor('black').text(INSIGHT_MSG.noSales, w.left, w.y);
  } else {
    w.table(table('Products', 8, PRODUCT_COLUMNS, report.products));
    writeSummary(w, report);
    w.table(table('Orders', 6.5, ORDER_COLUMNS, report.orders, PDF_MAX_ORDER_ROWS));
    if (report.orders.length > PDF_MAX_ORDER_ROWS) {
      w.room(14);
      doc
        .font(PDF_FONT)
        .fontSize(9)
        .fillColor('black')
        .text(INSIGHT_MSG.pdfOrdersCut(PDF_MAX_ORDER_ROWS, report.orders.length), w.left, w.y);
      w.y = doc.y + 8;
    }
  }
  writeFooters(w, report);
  doc.end();
  return done;
}
