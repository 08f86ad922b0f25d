import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_MSG, type AuditList, type AuditQuery } from '@bagshop/shared/audit';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { FiX } from 'react-icons/fi';
import { DateField } from '../../../components/date-field.tsx';
import { type AuditFilterErrors, type AuditFilterField, dateOf, ymdOf } from '../audit-query.ts';

/** The log goes back to the shop's first day; the pickers otherwise start at today. */
const EARLIEST_DAY = new Date(2000, 0, 1);

interface AuditFiltersProps {
  query: AuditQuery;
  admins: AuditList['admins'];
  errors: AuditFilterErrors;
  onChange: (changes: Partial<Record<AuditFilterField, string | undefined>>) => void;
}

/** Administrator, kind and a range of shop days; every change applies at once. */
export function AuditFilters({ query, admins, errors, onChange }: AuditFiltersProps) {
  const start = dateOf(query.startDate);
  const any = Boolean(query.adminId || query.kind || query.startDate || query.endDate);
  // A link may name an administrator who is not in the list (yet): keep it choosable.
  const adminKnown = !query.adminId || admins.some((a) => a.id === query.adminId);

  return (
    <section className="card border-0 shadow-sm mb-3" aria-labelledby="audit-filters-title">
      <div className="card-body p-3 pb-0">
        <h2 id="audit-filters-title" className="visually-hidden">
          Filters
        </h2>
        <Row className="g-0 g-sm-3">
          <Col sm={6} lg={3}>
            <Form.Group className="mb-3" controlId="audit-admin">
              <Form.Label>Administrator</Form.Label>
              <Form.Select
                value={query.adminId ?? ''}
                isInvalid={Boolean(errors.adminId)}
                onChange={(e) => onChange({ adminId: e.target.value || undefined })}
              >
                <option value="">{AUDIT_MSG.allAdmins}</option>
                {admins.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.email})
                  </option>
                ))}
                {adminKnown ? null : <option value={query.adminId}>Another administrator</option>}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.adminId}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group className="mb-3" controlId="audit-kind">
              <Form.Label>Kind</Form.Label>
              <Form.Select
                value={query.kind ?? ''}
                isInvalid={Boolean(errors.kind)}
                onChange={(e) => onChange({ kind: e.target.value || undefined })}
              >
                <option value="">{AUDIT_MSG.allKinds}</option>
                {AUDIT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {AUDIT_KIND_LABELS[kind]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.kind}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <DateField
              id="audit-start-date"
              label="From"
              value={start}
              onChange={(date) => onChange({ startDate: date ? ymdOf(date) : undefined })}
              minDate={EARLIEST_DAY}
              error={errors.startDate}
            />
          </Col>
          <Col sm={6} lg={3}>
            <DateField
              id="audit-end-date"
              label="To"
              value={dateOf(query.endDate)}
              onChange={(date) => onChange({ endDate: date ? ymdOf(date) : undefined })}
              minDate={start ?? EARLIEST_DAY}
              error={errors.endDate}
            />
          </Col>
        </Row>
        {any ? (
          <div className="mb-3">
            <Button
              variant="link"
              size="sm"
              className="px-0 text-brand"
              onClick={() =>
                onChange({ adminId: undefined, kind: undefined, startDate: undefined, endDate: undefined })
              }
            >
              <FiX aria-hidden="true" className="me-1" />
              Clear filters
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
