import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader copying it would get it (pdf-parse, through each font's Unicode map), page by page. */
export async function readPdf(pdf: Uint8Array) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

/**
 * The fonts a PDF embeds, once each: the PostScript name ('NotoSansTamil-Regular') and whether only a subset of the
 * font is in the file (its name then starts with a six-letter tag, 'BZZZZZ+').
 */
export function pdfFonts(pdf: Uint8Array): Array<{ name: string; subset: boolean }> {
  const names = new Set(
    [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/BaseFont\s*\/([A-Za-z0-9+_-]+)/g),
    ].map((m) => m[1] as string),
  );
  return [...names].map((name) => {
    const tagged = /^[A-Z]{6}\+(.+)$/.exec(name);
    return { name: tagged ? (tagged[1] as string) : name, subset: tagged !== null };
  });
}
