import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { formatINR, type Paise } from '@bagshop/shared/pricing/money';
import type { Font } from 'fontkit';
import { sfntOfWoff } from './woff.ts';

/**
 * The shop's documents embed Noto Sans (SIL Open Font License 1.1), installed with the API's npm packages
 * (`@fontsource/noto-sans` and `@fontsource/noto-sans-<script>`): Latin, the rupee sign and the Indian scripts a name
 * or an address may be typed in. A document carries only the glyphs it uses. pdfkit has no font fallback, so text
 * that may hold such letters is written with `pdfText`, which puts each run in the file that has its letters
 * (docs/decisions/027-gst-invoice.md, "Fonts").
 */
export const PDF_FONT = 'NotoSans';
export const PDF_BOLD_FONT = 'NotoSans-Bold';
export type PdfFont = typeof PDF_FONT | typeof PDF_BOLD_FONT;
export const PDF_MARGIN = 48;

/** '₹1,23,456.00': the embedded Noto Sans has the rupee sign. */
export const pdfMoney = (paise: Paise) => formatINR(paise);

/**
 * Fontsource splits each font into files by Unicode range, one per script; these are the ones the shop needs, Latin
 * first, then the Indian scripts in Unicode order. Noto Sans' own Devanagari file also has the rupee sign (U+20B9),
 * which its Latin file lacks, so it serves amounts too. The .woff files, not .woff2: pdfkit's subsetter copies glyphs
 * out of the font's `glyf` table, which WOFF2 stores transformed, and a WOFF2 font comes out blank. Each is unpacked
 * once into a plain OpenType font (`sfntOfWoff`).
 */
const FACES = [
  { name: 'NotoSans', file: '@fontsource/noto-sans/files/noto-sans-latin' }, // U+0000–00FF, punctuation, €
  { name: 'NotoSans-Devanagari', file: '@fontsource/noto-sans/files/noto-sans-devanagari' }, // U+0900–097F, ₹
  { name: 'NotoSansBengali', file: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali' }, // U+0980–09FF
  { name: 'NotoSansGurmukhi', file: '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi' }, // U+0A00–0A7F
  { name: 'NotoSansGujarati', file: '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati' }, // U+0A80–0AFF
  { name: 'NotoSansOriya', file: '@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya' }, // U+0B00–0B7F
  { name: 'NotoSansTamil', file: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil' }, // U+0B80–0BFF
  { name: 'NotoSansTelugu', file: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu' }, // U+0C00–0C7F
  { name: 'NotoSansKannada', file: '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada' }, // U+0C80–0CFF
  { name: 'NotoSansMalayalam', file: '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam' }, // U+0D00–0D7F
] as const;

/** One script's file in both weights, opened once per process, and the names it is registered under. */
interface Face {
  regular: Font;
  bold: Font;
  regularName: string;
  boldName: string;
}

let faces: Face[] | undefined;
let loading: Promise<Face[]> | undefined;

/** Reads and opens the font files on the first document: most requests never make one. */
function loadFaces(): Promise<Face[]> {
  loading ??= (async () => {
    const fontkit = await import('fontkit');
    const require = createRequire(import.meta.url);
    const open = async (file: string): Promise<Font> => {
      const font = fontkit.create(sfntOfWoff(await readFile(require.resolve(`${file}.woff`))));
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file}.woff holds several fonts`);
      return font;
    };
    const opened = await Promise.all(
      FACES.map(async ({ name, file }) => ({
        regular: await open(`${file}-400-normal`),
        bold: await open(`${file}-700-normal`),
        regularName: name,
        boldName: `${name}-Bold`,
      })),
    );
    skipNullAnchors(opened[0]?.regular as Font);
    faces = opened;
    return opened;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor?: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void;
}

/**
 * fontkit 2.0.4 throws on a mark-positioning lookup whose anchor is NULL, which OpenType allows and Noto Sans
 * Gurmukhi has (most words with a vowel sign): such a mark is then left unattached by that lookup, as HarfBuzz does,
 * instead of failing the whole document. The class is fontkit's, shared by every font it opens.
 */
function skipNullAnchors(font: Font): void {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } } })
    ._layoutEngine?.engine;
  const processor = Object.getPrototypeOf(engine?.GPOSProcessor ?? Object.prototype) as Partial<GposProcessor>;
  const applyAnchor = processor.applyAnchor;
  if (!applyAnchor || processor === Object.prototype) return;
  processor.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor == null || markRecord.markAnchor == null) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
}

/** A new document with the shop's fonts (PDF_FONT selected) and the bytes it will have once `doc.end()` is called. */
export async function newPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // Loaded on the first document: most requests never make one, and the library is slow to load.
  const [{ default: PDFDocument }, loaded] = await Promise.all([import('pdfkit'), loadFaces()]);
  // No built-in default font: pdfkit would write an unused Helvetica into every file.
  const doc = new PDFDocument({ ...options, font: '' });
  for (const face of loaded) {
    // pdfkit also takes a font that fontkit has opened (its types leave that out): each file is parsed once.
    doc.registerFont(face.regularName, face.regular as unknown as Uint8Array);
    doc.registerFont(face.boldName, face.bold as unknown as Uint8Array);
  }
  doc.font(PDF_FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The weight and size `pdfText` writes in; it leaves that font and size selected. */
export interface PdfTextStyle {
  font: PdfFont;
  size: number;
}

export type PdfTextOptions = PDFKit.Mixins.TextOptions & PdfTextStyle;

/** A stretch of text that one file prints. */
interface Run {
  text: string;
  face: Face;
}

function loadedFaces(): Face[] {
  if (!faces) throw new Error('The PDF fonts are loaded by newPdf');
  return faces;
}

const fontOf = (face: Face, bold: boolean) => (bold ? face.bold : face.regular);
const nameOf = (face: Face, bold: boolean) => (bold ? face.boldName : face.regularName);

/** Characters every Indian file has and that belong to the run they follow: spaces, joiners, dandas, dotted circle. */
const STAYS_IN_RUN = new Set([0x20, 0xa0, 0x200c, 0x200d, 0x0964, 0x0965, 0x25cc]);

/**
 * Splits a line into runs by script. Each file holds one script's Unicode range, so a character goes to the first file
 * (Latin, then the Indian scripts) that has a glyph for it, which puts ₹ in Noto Sans whatever script comes before;
 * a space, joiner or danda stays in the run it follows, so a phrase shapes as one. A character no file has stays in
 * the current run.
 */
export function scriptRuns(line: string, bold = false): Array<{ text: string; font: string }> {
  return runsOf(line, bold).map((run) => ({ text: run.text, font: nameOf(run.face, bold) }));
}

function runsOf(line: string, bold: boolean): Run[] {
  const all = loadedFaces();
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const char of line) {
    const codePoint = char.codePointAt(0) ?? 0;
    const has = (face: Face) => fontOf(face, bold).hasGlyphForCodePoint(codePoint);
    const stays = current && STAYS_IN_RUN.has(codePoint) && has(current.face);
    const face = current && stays ? current.face : (all.find(has) ?? current?.face ?? (all[0] as Face));
    if (current?.face === face) {
      current.text += char;
    } else {
      current = { text: char, face };
      runs.push(current);
    }
  }
  return runs;
}

/**
 * What keeps every file's text on the Latin font's baseline and line height: the Indian files have other ascents and
 * descents, and pdfkit places text by the ascent of the font in use.
 */
function onLatinLine(face: Face, bold: boolean, size: number, lineGap = 0) {
  const latin = fontOf(loadedFaces()[0] as Face, bold);
  const font = fontOf(face, bold);
  const lineHeight = (f: Font) => (f.ascent - f.descent + f.lineGap) / f.unitsPerEm;
  return {
    baseline: -(latin.ascent / latin.unitsPerEm) * size,
    lineGap: lineGap + (lineHeight(latin) - lineHeight(font)) * size,
  };
}

/** Options for one run: the Latin file keeps the caller's options as they are. */
function runOptions(face: Face, bold: boolean, size: number, options: PDFKit.Mixins.TextOptions) {
  if (face === loadedFaces()[0]) return options;
  return { ...options, ...onLatinLine(face, bold, size, options.lineGap) };
}

function lineHeightOf(doc: PDFKit.PDFDocument, style: PdfTextStyle, lineGap = 0): number {
  return doc.font(style.font).fontSize(style.size).currentLineHeight(true) + lineGap;
}

function widthOfRuns(doc: PDFKit.PDFDocument, runs: Run[], style: PdfTextStyle): number {
  const bold = style.font === PDF_BOLD_FONT;
  let width = 0;
  for (const run of runs) width += doc.font(nameOf(run.face, bold)).fontSize(style.size).widthOfString(run.text);
  return width;
}

/** The width of the widest line of `text` as `pdfText` writes it. */
export function pdfTextWidth(doc: PDFKit.PDFDocument, text: string, style: PdfTextStyle): number {
  const bold = style.font === PDF_BOLD_FONT;
  const width = Math.max(...text.split('\n').map((line) => widthOfRuns(doc, runsOf(line, bold), style)));
  doc.font(style.font).fontSize(style.size);
  return width;
}

/**
 * The height `pdfText` takes for `text` in `options.width`. A line of several scripts too long for one line is
 * measured word by word, as it would wrap.
 */
export function pdfTextHeight(doc: PDFKit.PDFDocument, text: string, options: PdfTextOptions): number {
  const { font, size, ...textOptions } = options;
  const bold = font === PDF_BOLD_FONT;
  const lineHeight = lineHeightOf(doc, options, textOptions.lineGap);
  let height = 0;
  for (const line of text.split('\n')) {
    const runs = runsOf(line, bold);
    const width = textOptions.width ?? Number.POSITIVE_INFINITY;
    if (runs.length === 1) {
      const face = (runs[0] as Run).face;
      doc.font(nameOf(face, bold)).fontSize(size);
      height += doc.heightOfString(line, runOptions(face, bold, size, textOptions));
    } else if (runs.length === 0 || widthOfRuns(doc, runs, options) <= width) {
      height += lineHeight;
    } else {
      let lines = 1;
      let used = 0;
      for (const word of line.split(/(?<= )/)) {
        const w = widthOfRuns(doc, runsOf(word, bold), options);
        if (used > 0 && used + w > width) {
          lines += 1;
          used = 0;
        }
        lines += Math.max(0, Math.ceil(w / width) - 1);
        used += w > width ? w % width : w;
      }
      height += lines * lineHeight;
    }
  }
  doc.font(font).fontSize(size);
  return height;
}

/**
 * Writes text that may mix scripts (a name in Devanagari, an address in Tamil, an amount with ₹) as `doc.text`
 * would, each run in the file that has its letters; fontkit shapes each run (conjuncts, vowel signs). Text in one
 * file is one `doc.text` call with the same options. A line of several runs that fits its width is placed run by run
 * (so right and centre alignment hold); a longer one is written with `continued`, wrapping, left-aligned. Leaves
 * `options.font` at `options.size` selected.
 */
export function pdfText(doc: PDFKit.PDFDocument, text: string, options: PdfTextOptions): PDFKit.PDFDocument;
export function pdfText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  options: PdfTextOptions,
): PDFKit.PDFDocument;
export function pdfText(
  doc: PDFKit.PDFDocument,
  text: string,
  xOrOptions: number | undefined | PdfTextOptions,
  maybeY?: number,
  maybeOptions?: PdfTextOptions,
): PDFKit.PDFDocument {
  const [x, y, options] =
    typeof xOrOptions === 'object' ? [undefined, undefined, xOrOptions] : [xOrOptions, maybeY, maybeOptions];
  if (!options) throw new Error('pdfText needs a font and a size');
  const { font, size, ...textOptions } = options;
  const bold = font === PDF_BOLD_FONT;
  const lines = text.split('\n').map((line) => runsOf(line, bold));
  const used = new Set(lines.flatMap((runs) => runs.map((run) => run.face)));
  if (used.size <= 1) {
    const face = [...used][0] ?? (loadedFaces()[0] as Face);
    doc.font(nameOf(face, bold)).fontSize(size);
    textAt(doc, text, x, y, runOptions(face, bold, size, textOptions));
    return doc.font(font).fontSize(size);
  }
  const startX = x ?? doc.x;
  if (y !== undefined) doc.y = y;
  for (const runs of lines) writeLine(doc, runs, startX, options);
  doc.x = startX;
  return doc.font(font).fontSize(size);
}

/** One line of text (no '\n') at `doc.y`, run by run. */
function writeLine(doc: PDFKit.PDFDocument, runs: Run[], x: number, options: PdfTextOptions) {
  const { font, size, ...textOptions } = options;
  const bold = font === PDF_BOLD_FONT;
  const lineHeight = lineHeightOf(doc, options, textOptions.lineGap);
  const [only] = runs;
  if (!only) {
    doc.y += lineHeight;
    return;
  }
  if (runs.length === 1) {
    doc.font(nameOf(only.face, bold)).fontSize(size);
    doc.text(only.text, x, doc.y, runOptions(only.face, bold, size, textOptions));
    return;
  }
  const width =
    textOptions.lineBreak === false
      ? Number.POSITIVE_INFINITY
      : (textOptions.width ?? doc.page.width - x - doc.page.margins.right);
  const total = widthOfRuns(doc, runs, options);
  if (total <= width) {
    const room = Number.isFinite(width) ? width - total : 0;
    let left = x + (textOptions.align === 'right' ? room : textOptions.align === 'center' ? room / 2 : 0);
    const top = doc.y;
    const { width: _width, align: _align, continued: _continued, ...rest } = textOptions;
    for (const run of runs) {
      doc.font(nameOf(run.face, bold)).fontSize(size);
      const runWidth = doc.widthOfString(run.text);
      doc.text(run.text, left, top, { ...rest, lineBreak: false, ...onLatinLine(run.face, bold, size, rest.lineGap) });
      left += runWidth;
    }
    doc.y = textOptions.lineBreak === false ? top : top + lineHeight;
    return;
  }
  const align = textOptions.align === 'justify' ? 'justify' : 'left';
  runs.forEach((run, i) => {
    doc.font(nameOf(run.face, bold)).fontSize(size);
    textAt(doc, run.text, i === 0 ? x : undefined, i === 0 ? doc.y : undefined, {
      ...textOptions,
      width,
      align,
      continued: i < runs.length - 1,
      ...onLatinLine(run.face, bold, size, textOptions.lineGap),
    });
  });
}

/** `doc.text` at a place that may be left to the flow (pdfkit drops the options when `x` is undefined). */
function textAt(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  options: PDFKit.Mixins.TextOptions,
) {
  if (x === undefined && y === undefined) doc.text(text, options);
  else doc.text(text, x ?? doc.x, y, options);
}
