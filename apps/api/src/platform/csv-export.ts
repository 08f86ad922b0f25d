import { Readable } from 'node:stream';
import { shopClock } from '@bagshop/shared/insight';
import { type Paise, toRupees } from '@bagshop/shared/pricing/money';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text people typed: a leading apostrophe keeps a would-be formula as text when the file is opened. */
export function csvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Rupees with two decimals (1234.50), a plain number a spreadsheet can sum. */
export function csvRupees(paise: Paise): string {
  return toRupees(paise).toFixed(2);
}

/** '2026-11-24 18:30', the shop's clock in India, which a spreadsheet reads as a date and time. */
export function csvIndiaTime(moment: Date): string {
  return shopClock(moment).toISOString().slice(0, 16).replace('T', ' ');
}

export type CsvCell = string | number;

/**
 * Sends a CSV download: the byte order mark and header first, then each batch of rows as the database hands it over,
 * so a long list never sits whole in memory.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<CsvCell[][]>,
) {
  async function* lines() {
    yield CSV_BOM + stringify([header as string[]]);
    for await (const rows of batches) {
      if (rows.length > 0) yield stringify(rows);
    }
  }
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(lines()));
}

/** Reads a list in pages of `size` rows until a short page says it is over. */
export async function* inBatches<T>(read: (offset: number, size: number) => Promise<T[]>, size = 500) {
  for (let offset = 0; ; offset += size) {
    const rows = await read(offset, size);
    yield rows;
    if (rows.length < size) return;
  }
}
