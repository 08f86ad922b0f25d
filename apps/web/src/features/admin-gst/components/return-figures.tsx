import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { addPaise, toPaise, toRupees } from '@bagshop/shared/pricing/money';
import type { GstSummaryDto } from '@bagshop/shared/schemas/gst';
import type { ReactNode } from 'react';
import { Alert, Badge, Card, Col, Row } from 'react-bootstrap';
import { FiAlertTriangle, FiCheckCircle } from 'react-icons/fi';
import { rupees } from '../../../components/price.tsx';
import { ScrollTable } from './scroll-table.tsx';

const count = new Intl.NumberFormat('en-IN');
const TAX_HEADS = ['igst', 'cgst', 'sgst'] as const;

interface Figures {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  value: number;
}

/** IGST + CGST + SGST, added in paise. */
export const taxOf = (f: Omit<Figures, 'value' | 'taxable'>) =>
  toRupees(addPaise(...TAX_HEADS.map((h) => toPaise(f[h]))));

const Money = ({ amount }: { amount: number }) => <td className="text-end text-nowrap">{rupees(amount)}</td>;

/** Whether the return's sections add up to the registers: a green badge, or a red alert saying not to file. */
export function ReturnStatus({ agrees }: { agrees: boolean }) {
  if (agrees) {
    return (
      <p className="mb-3">
        <Badge bg="success" className="fs-6 fw-semibold" data-testid="gst-agrees">
          <FiCheckCircle aria-hidden="true" className="me-1" />
          {GST_PAGE_MSG.agrees}
        </Badge>
      </p>
    );
  }
  return (
    <Alert variant="danger" className="d-flex gap-2 align-items-start">
      <FiAlertTriangle aria-hidden="true" className="flex-shrink-0 mt-1" />
      <span>{GST_PAGE_MSG.disagrees}</span>
    </Alert>
  );
}

/** Each GSTR-1 section's totals, and what the return declares net. */
export function SectionsTable({ summary }: { summary: GstSummaryDto }) {
  return (
    <Card className="border-0 shadow-sm mb-3">
      <Card.Body className="p-2 p-md-3">
        <ScrollTable label={GST_PAGE_MSG.sectionsCaption} hover>
          <thead>
            <tr>
              <th scope="col">{GST_PAGE_MSG.sectionColumn}</th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.entriesColumn}
              </th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.taxableColumn}
              </th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.igstColumn}
              </th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.cgstColumn}
              </th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.sgstColumn}
              </th>
              <th scope="col" className="text-end">
                {GST_PAGE_MSG.valueColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.sections.map((section) => (
              <tr key={section.section}>
                <th scope="row" className="fw-normal gst-row-name">
                  {section.title}
                </th>
                <td className="text-end">{count.format(section.entries)}</td>
                <Money amount={section.taxable} />
                <Money amount={section.igst} />
                <Money amount={section.cgst} />
                <Money amount={section.sgst} />
                <Money amount={section.value} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <th scope="row" className="gst-row-name">
                {GST_PAGE_MSG.declaredRow}
              </th>
              <td />
              <Money amount={summary.declared.taxable} />
              <Money amount={summary.declared.igst} />
              <Money amount={summary.declared.cgst} />
              <Money amount={summary.declared.sgst} />
              <Money amount={summary.declared.value} />
            </tr>
          </tfoot>
        </ScrollTable>
        <p className="small text-muted mt-2 mb-0">{GST_PAGE_MSG.declaredNote}</p>
      </Card.Body>
    </Card>
  );
}

/** The sales register and the credit note register the sections are built from, and their net. */
export function RegistersTable({ registers }: { registers: GstSummaryDto['registers'] }) {
  const rows: { label: string; documents?: number; figures: Figures }[] = [
    { label: GST_PAGE_MSG.invoicesRow, documents: registers.invoices.count, figures: registers.invoices },
    { label: GST_PAGE_MSG.creditNotesRow, documents: registers.creditNotes.count, figures: registers.creditNotes },
  ];
  const cells = (figures: Figures) => (
    <>
      <Money amount={figures.taxable} />
      <Money amount={taxOf(figures)} />
      <Money amount={figures.value} />
    </>
  );
  return (
    <ScrollTable label={GST_PAGE_MSG.registersCaption}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{GST_PAGE_MSG.registersCaption}</span>
          </th>
          <th scope="col" className="text-end">
            {GST_PAGE_MSG.countColumn}
          </th>
          <th scope="col" className="text-end">
            {GST_PAGE_MSG.taxableColumn}
          </th>
          <th scope="col" className="text-end">
            {GST_PAGE_MSG.taxColumn}
          </th>
          <th scope="col" className="text-end">
            {GST_PAGE_MSG.valueColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="fw-normal">
              {row.label}
            </th>
            <td className="text-end">{count.format(row.documents ?? 0)}</td>
            {cells(row.figures)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="fw-semibold">
          <th scope="row">{GST_PAGE_MSG.netRow}</th>
          <td />
          {cells(registers.net)}
        </tr>
      </tfoot>
    </ScrollTable>
  );
}

/** The invoice and credit note series issued in the period (the return's doc_issue). */
export function DocumentsTable({ documents }: { documents: GstSummaryDto['documents'] }) {
  return (
    <ScrollTable label={GST_PAGE_MSG.documentsCaption}>
      <thead>
        <tr>
          <th scope="col">{GST_PAGE_MSG.documentKindColumn}</th>
          <th scope="col">{GST_PAGE_MSG.fromColumn}</th>
          <th scope="col">{GST_PAGE_MSG.toColumn}</th>
          <th scope="col" className="text-end">
            {GST_PAGE_MSG.documentCountColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((series) => (
          <tr key={`${series.kind} ${series.from}`}>
            <th scope="row" className="fw-normal gst-row-name">
              {series.kind}
            </th>
            <td className="text-nowrap">{series.from}</td>
            <td className="text-nowrap">{series.to}</td>
            <td className="text-end">{count.format(series.total)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

interface ReturnFiguresProps {
  summary: GstSummaryDto;
  /** Shown beside the registers: the sales report of the same dates. */
  beside?: ReactNode;
}

/**
 * What the return declares and the registers it comes from: whether they agree first, then each section, the
 * registers (with `beside` next to them) and the document series.
 */
export function ReturnFigures({ summary, beside }: ReturnFiguresProps) {
  return (
    <>
      <ReturnStatus agrees={summary.agrees} />
      <SectionsTable summary={summary} />
      <Row className="g-3 mb-3">
        <Col xl={7}>
          <Card className="border-0 shadow-sm h-100">
            <Card.Body className="p-2 p-md-3">
              <RegistersTable registers={summary.registers} />
            </Card.Body>
          </Card>
        </Col>
        <Col xl={5}>{beside}</Col>
      </Row>
      {summary.documents.length > 0 ? (
        <Card className="border-0 shadow-sm mb-3">
          <Card.Body className="p-2 p-md-3">
            <DocumentsTable documents={summary.documents} />
          </Card.Body>
        </Card>
      ) : null}
    </>
  );
}
