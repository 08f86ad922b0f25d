import { type DocumentSeries, documentNumber, financialYearOf } from '@bagshop/shared/pricing/invoice';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentCounters } from '../../db/schema/invoices.ts';

/**
 * The next number of a GST document series in the financial year of `at` (India time). The counter row stays locked
 * until the caller's transaction ends, so numbers are consecutive and unique, and a rollback hands its number to the
 * next sale: no gaps.
 */
export async function nextDocumentNumber(tx: Tx, series: DocumentSeries, at: Date): Promise<string> {
  const financialYear = financialYearOf(at);
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastSerial: sql`${documentCounters.lastSerial} + 1` },
    })
    .returning({ lastSerial: documentCounters.lastSerial });
  return documentNumber(series, financialYear, row.lastSerial);
}
