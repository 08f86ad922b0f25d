import { AUDIT_KIND_LABELS, type AuditEntryDto } from '@bagshop/shared/audit';
import { Fragment, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { FiChevronDown, FiChevronUp } from 'react-icons/fi';
import { EmailText } from '../../../components/email-text.tsx';
import { actionLabel, auditTime } from '../audit-format.ts';
import { AuditDetails } from './audit-details.tsx';

/** One row per write, newest first; Details opens the before/after comparison under its row. */
export function AuditTable({ entries }: { entries: AuditEntryDto[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table hover className="audit-table align-middle mb-0">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Administrator</th>
          <th scope="col">Kind</th>
          <th scope="col">Action</th>
          <th scope="col">Summary</th>
          <th scope="col">
            <span className="visually-hidden">Details</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const isOpen = open.has(entry.id);
          const detailsId = `audit-details-${entry.id}`;
          return (
            <Fragment key={entry.id}>
              <tr className={isOpen ? 'audit-open' : undefined}>
                <td data-label="Time" className="text-nowrap">
                  <time dateTime={entry.createdAt}>{auditTime(entry.createdAt)}</time>
                </td>
                <td data-label="Administrator">
                  {entry.admin.name}
                  <EmailText email={entry.admin.email} className="d-block small text-muted" />
                </td>
                <td data-label="Kind">
                  <Badge bg="light" text="dark" className="border">
                    {AUDIT_KIND_LABELS[entry.kind] ?? entry.kind}
                  </Badge>
                </td>
                <td data-label="Action">{actionLabel(entry.action)}</td>
                <td data-label="Summary" className="text-break">
                  {entry.summary}
                </td>
                <td className="text-md-end">
                  <Button
                    size="sm"
                    variant="outline-brand"
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? detailsId : undefined}
                    aria-label={`${isOpen ? 'Hide details' : 'Details'}: ${entry.summary}`}
                    onClick={() => toggle(entry.id)}
                  >
                    {isOpen ? 'Hide' : 'Details'}
                    {isOpen ? (
                      <FiChevronUp aria-hidden="true" className="ms-1" />
                    ) : (
                      <FiChevronDown aria-hidden="true" className="ms-1" />
                    )}
                  </Button>
                </td>
              </tr>
              {isOpen ? (
                <tr id={detailsId} className="audit-details-row">
                  <td colSpan={6}>
                    <AuditDetails entry={entry} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
