import { IMPORT_OUTCOME_LABEL } from '@bagshop/shared/catalogue-import';
import type { ImportJobDto } from '@bagshop/shared/schemas/catalogue-import';
import { type CsvCell, csvText } from '../../platform/csv-export.ts';

/** The import's report as CSV rows (IMPORT_REPORT_CSV_HEADER): a line for each problem, one for a row without. */
export async function* importReportCsvRows(job: ImportJobDto): AsyncGenerator<CsvCell[][]> {
  const lines: CsvCell[][] = [];
  for (const row of job.result?.rows ?? []) {
    const cells = [
      row.row,
      csvText(row.handle),
      csvText(row.name),
      csvText(row.sku),
      row.colour,
      IMPORT_OUTCOME_LABEL[row.outcome],
      row.fields.join(', '),
    ];
    if (row.problems.length === 0) lines.push([...cells, '', '']);
    for (const problem of row.problems) lines.push([...cells, csvText(problem.column), csvText(problem.message)]);
  }
  yield lines;
}
