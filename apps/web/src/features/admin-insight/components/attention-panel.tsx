import { ATTENTION_MSG, type AttentionProblem } from '@bagshop/shared/schemas/attention';
import { useId } from 'react';
import { Card } from 'react-bootstrap';
import { FiAlertTriangle } from 'react-icons/fi';
import { orderDateTime } from '../../../components/order-rules.ts';

/**
 * What is stuck in the shop (a failed backup, mail not going out, a refused refund…), each with what to do and since
 * when, India time. Nothing at all when all is well: an empty panel would teach the owner to look past it.
 */
export function AttentionPanel({ problems }: { problems: readonly AttentionProblem[] }) {
  const titleId = useId();
  if (problems.length === 0) return null;
  return (
    <Card as="section" className="border-0 shadow-sm mb-4" aria-labelledby={titleId}>
      <Card.Body>
        <h2 id={titleId} className="h5 d-flex align-items-center gap-2 mb-3">
          <FiAlertTriangle aria-hidden="true" className="text-danger flex-shrink-0" />
          {ATTENTION_MSG.title}
        </h2>
        <ul className="list-unstyled mb-0 d-grid gap-3">
          {problems.map((problem) => (
            <li key={problem.key} className="border-start border-3 border-danger ps-3 text-break">
              <h3 className="h6 mb-1">{problem.title}</h3>
              <p className="small mb-1">{problem.detail}</p>
              <p className="small mb-1">
                <span className="fw-semibold">{ATTENTION_MSG.advice}</span> {problem.advice}
              </p>
              <p className="small text-muted mb-0">
                {ATTENTION_MSG.since} <time dateTime={problem.since}>{orderDateTime(problem.since)}</time>
              </p>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}
