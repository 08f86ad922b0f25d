// The catalogue import at an owner's scale: a Shopify product CSV of ROWS rows (half as many handles, each in two
// colours) with a ZIP of a few pictures, checked (dry run), applied, applied again (nothing to change), and applied with
// every price changed (an update of each product), each timed
// from the upload to the import's end as the admin page follows it (docs/decisions/053-catalogue-import.md).
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { expectStatus } from './http.ts';

const PICTURES = 10;
const COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Status',
];

export interface ImportTiming {
  seconds: number;
  counts: Record<string, number>;
  message: string;
}

function sheetOf(rows: number, priceShift = 0): string {
  const lines = [COLUMNS.join(',')];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = (n: number) =>
    `${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}${letters[Math.floor(n / 676) % 26]}`;
  for (let i = 0; i < rows / 2; i += 1) {
    const handle = `import-bench-${i}`;
    ['Black', 'Brown'].forEach((colour, c) => {
      lines.push(
        [
          handle,
          c === 0 ? `Imported Tote ${word(i)}` : '',
          c === 0 ? '"<p>A tote from the import bench, <b>roomy</b>.</p>"' : '',
          c === 0 ? 'Benchmark' : '',
          c === 0 ? 'Imported' : '',
          c === 0 ? 'TRUE' : '',
          c === 0 ? 'Color' : '',
          colour,
          `IB-${i}-${c}`,
          '650',
          String(5 + (i % 20)),
          (999 + priceShift + (i % 3000)).toFixed(2),
          `picture-${(i + c) % PICTURES}.png`,
          String(c + 1),
          colour,
          c === 0 ? 'active' : '',
        ].join(','),
      );
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function picturesZip(): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < PICTURES; i += 1) {
    const background = { r: (i * 40) % 256, g: (i * 90) % 256, b: (i * 20) % 256 };
    files[`picture-${i}.png`] = await sharp({ create: { width: 1200, height: 1200, channels: 3, background } })
      .png()
      .toBuffer();
  }
  return zipSync(files);
}

async function timedImport(
  base: string,
  token: string,
  sheet: string,
  zip: Uint8Array,
  dryRun: boolean,
): Promise<ImportTiming> {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('createCategories', 'true');
  form.append('defaultSize', '35Lx15Bx40Hcm');
  form.append('file', new Blob([sheet], { type: 'text/csv' }), 'bench.csv');
  form.append('images', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'pictures.zip');
  const started = performance.now();
  const job = await expectStatus<{ _id: string }>(202, base, 'POST', '/api/admin/products/import', { token, form });
  for (;;) {
    const state = await expectStatus<{
      status: string;
      error: string | null;
      result: { counts: Record<string, number>; message: string } | null;
    }>(200, base, 'GET', `/api/admin/imports/${job._id}`, { token });
    if (state.status === 'failed') throw new Error(`The import failed: ${state.error}`);
    if (state.status === 'done' && state.result) {
      return {
        seconds: (performance.now() - started) / 1000,
        counts: state.result.counts,
        message: state.result.message,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The timings of one sheet: checked, applied, applied again, and applied once more with every price changed. */
export async function runImports(base: string, token: string, rows: number) {
  const sheet = sheetOf(rows);
  const zip = await picturesZip();
  const dryRun = await timedImport(base, token, sheet, zip, true);
  const applied = await timedImport(base, token, sheet, zip, false);
  const again = await timedImport(base, token, sheet, zip, false);
  const repriced = await timedImport(base, token, sheetOf(rows, 100), zip, false);
  return { dryRun, applied, again, repriced, bytes: sheet.length };
}
