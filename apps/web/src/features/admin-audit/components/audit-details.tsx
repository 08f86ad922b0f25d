import type { AuditEntryDto } from '@bagshop/shared/audit';
import { Table } from 'react-bootstrap';
import { compareSnapshots, valueText } from '../audit-format.ts';

const IMAGE_URL = /^\/uploads\/.+\.(webp|png|jpe?g)$/i;

function Value({ value }: { value: unknown }) {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && IMAGE_URL.test(v))) {
    return (
      <ol className="audit-images list-unstyled d-flex flex-wrap gap-1 mb-0">
        {/* A product never holds the same file twice, so the address names the item. */}
        {value.map((url, i) => (
          <li key={url}>
            <img
              className="audit-thumb"
              src={url}
              alt={`View ${i + 1}`}
              title={url}
              width={40}
              height={40}
              loading="lazy"
            />
          </li>
        ))}
      </ol>
    );
  }
  return <span className="audit-value">{valueText(value)}</span>;
}

/** The record before and after the write, field by field; the fields an edit changed are marked. */
export function AuditDetails({ entry }: { entry: AuditEntryDto }) {
  const fields = compareSnapshots(entry.before, entry.after);
  const note =
    entry.before == null && entry.after == null
      ? 'No details were recorded.'
      : entry.before == null
        ? 'A new record: there was nothing before.'
        : entry.after == null
          ? 'The record was removed: there is nothing after.'
          : null;
  return (
    <div className="audit-details">
      {note ? <p className="small text-muted mb-2">{note}</p> : null}
      {fields.length > 0 ? (
        <Table size="sm" bordered className="audit-compare mb-0" aria-label={`Before and after: ${entry.summary}`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.key} className={f.changed ? 'audit-changed' : undefined}>
                <th scope="row">
                  {f.label}
                  {f.changed ? <span className="visually-hidden"> (changed)</span> : null}
                </th>
                <td>
                  <Value value={f.before} />
                </td>
                <td>
                  <Value value={f.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </div>
  );
}
