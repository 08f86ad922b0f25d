import { formatINR, type Paise } from '@bagshop/shared/pricing/money';

/** The shop's documents use the PDF's built-in fonts, so no font file ships with the server. */
export const PDF_FONT = 'Helvetica';
export const PDF_BOLD_FONT = 'Helvetica-Bold';
export const PDF_MARGIN = 48;

/** 'Rs. 1,23,456.00': the built-in Helvetica has no rupee sign. */
export const pdfMoney = (paise: Paise) => formatINR(paise).replace('₹', 'Rs. ');

/** A new document and the bytes it will have once `doc.end()` is called. */
export async function newPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // Loaded on the first document: most requests never make one, and the library is slow to load.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
