import { IMPORT_OUTCOME_LABEL, IMPORT_OUTCOMES, IMPORT_REPORT_CSV_HEADER } from '@bagshop/shared/catalogue-import';
import { IMPORT_FILTERS, type ImportFilter, IMPORT_SCREEN_MSG as M } from '@bagshop/shared/import-screen-messages';
import type { ImportResultDto, ImportRowDto } from '@bagshop/shared/schemas/catalogue-import';
import { useState } from 'react';
import { Badge, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { ExportButton } from '../../../components/export-button.tsx';
import { EmptyState } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { importReportUrl } from '../api.ts';

/** Rows of the report a page: a file of thousands of products stays quick to show. */
export const REPORT_PAGE_SIZE = 50;

const count = new Intl.NumberFormat('en-IN');

const OUTCOME_BADGE: Record<ImportRowDto['outcome'], string> = {
  created: 'success',
  updated: 'info',
  unchanged: 'secondary',
  error: 'danger',
};

/** The report's columns: the CSV download's, with its one line per problem gathered into one cell. */
const COLUMNS = [
  ...IMPORT_REPORT_CSV_HEADER.filter((column) => column !== 'Column' && column !== 'Problem'),
  M.problemsColumn,
];

/** The numbers of each outcome, then the categories the import adds (or would add). */
export function ImportSummary({ result }: { result: ImportResultDto }) {
  return (
    <>
      <ul className="list-inline mb-3" aria-label={M.countsLabel}>
        {IMPORT_OUTCOMES.map((outcome) => (
          <li key={outcome} className="list-inline-item me-4" data-testid={`import-count-${outcome}`}>
            <span className="text-muted">{M.countLabel(outcome)}</span>{' '}
            <strong>{count.format(result.counts[outcome])}</strong>
          </li>
        ))}
      </ul>
      {result.categoriesCreated.length > 0 ? (
        <p>
          <span className="fw-semibold">{result.applied ? M.categoriesCreated : M.categoriesToCreate}:</span>{' '}
          {result.categoriesCreated.join(', ')}
        </p>
      ) : null}
    </>
  );
}

/** The product-by-product report, filtered by outcome, a page at a time, and its CSV download. */
export function ImportReport({ jobId, rows }: { jobId: string; rows: ImportRowDto[] }) {
  const [filter, setFilter] = useState<ImportFilter>('all');
  const [page, setPage] = useState(1);
  const shown = filter === 'all' ? rows : rows.filter((row) => row.outcome === filter);
  const pages = Math.max(1, Math.ceil(shown.length / REPORT_PAGE_SIZE));
  const current = Math.min(page, pages);
  const from = (current - 1) * REPORT_PAGE_SIZE;
  const pageRows = shown.slice(from, from + REPORT_PAGE_SIZE);
  const caption = M.reportCaption(from + 1, from + pageRows.length, shown.length);
  const ofFilter = (f: ImportFilter) => (f === 'all' ? rows.length : rows.filter((r) => r.outcome === f).length);

  if (rows.length === 0) return <EmptyState title={M.noRows} />;
  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <Form.Group controlId="import-report-filter">
          <Form.Label className="mb-1">{M.filterLabel}</Form.Label>
          <Form.Select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as ImportFilter);
              setPage(1);
            }}
          >
            {IMPORT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {M.filterOption(f, ofFilter(f))}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ExportButton
          url={importReportUrl(jobId)}
          fileName="import-report.csv"
          label={M.downloadReport}
          failedMessage={M.reportFailed}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState title={M.noRowsOfOutcome} />
      ) : (
        <ScrollRegion label={caption}>
          <Table size="sm" striped className="align-middle mb-2">
            <caption className="caption-top">{caption}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pageRows.map((row) => (
                <ReportRow key={`${row.row}:${row.handle}:${row.colour}`} row={row} />
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
      )}
      <ListPagination page={current} pages={pages} onChange={setPage} />
    </>
  );
}

function ReportRow({ row }: { row: ImportRowDto }) {
  return (
    <tr data-testid="import-report-row">
      <td>{count.format(row.row)}</td>
      <td className="text-break">{row.handle}</td>
      <td style={{ minWidth: '10rem' }}>
        {row.productId ? <Link to={`/admin/products/edit/${row.productId}`}>{row.name}</Link> : row.name}
      </td>
      <td className="text-nowrap">{row.sku}</td>
      <td>{row.colour}</td>
      <td>
        <Badge bg={OUTCOME_BADGE[row.outcome]} text={row.outcome === 'updated' ? 'dark' : undefined}>
          {IMPORT_OUTCOME_LABEL[row.outcome]}
        </Badge>
      </td>
      <td>{row.fields.join(', ')}</td>
      <td style={{ minWidth: '16rem' }}>
        {row.problems.length > 0 ? (
          <ul className="list-unstyled mb-0">
            {row.problems.map((problem) => (
              <li key={`${problem.row}:${problem.column}:${problem.message}`}>
                <span className="fw-semibold">
                  {problem.column}
                  {problem.row === row.row ? '' : ` (${M.problemOnRow(problem.row)})`}:
                </span>{' '}
                {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
      </td>
    </tr>
  );
}
