import { gstSummary } from '@bagshop/shared/gst/gst-summary';
import { buildGstr1 } from '@bagshop/shared/gst/gstr1';
import { gstr1Sheets, registerSheets } from '@bagshop/shared/gst/gstr1-sheets';
import { gstPeriodOf } from '@bagshop/shared/gst/periods';
import type { GstRegisters } from '@bagshop/shared/gst/registers';
import type { GstSummaryDto } from '@bagshop/shared/schemas/gst';
import type { Sheet } from '@bagshop/shared/sheet';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sheetsXlsx, sheetsZip, XLSX_CONTENT_TYPE, ZIP_CONTENT_TYPE } from '../../platform/spreadsheets.ts';
import { loadGstRegisters } from '../orders/service.ts';

export interface GstFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The registers of a period the query schema has already checked. */
function registersOf(db: DbOrTx, config: Config, period: string): Promise<GstRegisters> {
  const known = gstPeriodOf(period);
  if (!known) throw new RangeError(`${period} is not a return period`);
  return loadGstRegisters(db, { gstin: config.SELLER_GSTIN, state: config.SELLER_STATE }, known);
}

export async function getGstSummary(db: DbOrTx, config: Config, period: string): Promise<GstSummaryDto> {
  return gstSummary(await registersOf(db, config, period));
}

async function sheetsFile(sheets: Sheet[], format: 'csv' | 'xlsx', name: string, title: string): Promise<GstFile> {
  if (format === 'csv') {
    return { fileName: `${name}.zip`, contentType: ZIP_CONTENT_TYPE, body: Buffer.from(sheetsZip(sheets)) };
  }
  return { fileName: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await sheetsXlsx(sheets, { title }) };
}

/** GSTR-1 of the period: the portal's JSON, or the offline tool's sheets (a ZIP of CSVs, or one workbook). */
export async function gstr1File(
  db: DbOrTx,
  config: Config,
  period: string,
  format: 'json' | 'csv' | 'xlsx',
): Promise<GstFile> {
  const registers = await registersOf(db, config, period);
  const name = `GSTR1-${config.SELLER_GSTIN}-${period}`;
  if (format === 'json') {
    const body = Buffer.from(JSON.stringify(buildGstr1(registers)), 'utf8');
    return { fileName: `${name}.json`, contentType: 'application/json', body };
  }
  return sheetsFile(gstr1Sheets(registers), format, name, `GSTR-1 ${period}`);
}

/** The sales register and the credit note register of the period, a line per document line. */
export async function registersFile(
  db: DbOrTx,
  config: Config,
  period: string,
  format: 'csv' | 'xlsx',
): Promise<GstFile> {
  const registers = await registersOf(db, config, period);
  return sheetsFile(registerSheets(registers), format, `GST-registers-${period}`, `GST registers ${period}`);
}
