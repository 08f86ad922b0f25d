import { Alert, Button, Spinner } from 'react-bootstrap';
import { FiInbox } from 'react-icons/fi';

/** The states of a screen's data: loading, failed with a Retry, empty, and refreshing. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="text-center py-5" role="status">
      <Spinner animation="border" className="text-brand" aria-hidden="true" />
      <p className="text-muted mt-2 mb-0">{text}</p>
    </div>
  );
}

export function LoadFailed({
  message,
  onRetry,
  retrying,
  className,
}: {
  message: string;
  onRetry: () => unknown;
  retrying: boolean;
  className?: string;
}) {
  return (
    <Alert variant="danger" className={className}>
      <p>{message}</p>
      <Button variant="outline-danger" size="sm" onClick={() => onRetry()} disabled={retrying}>
        Retry
      </Button>
    </Alert>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="text-center text-muted py-5">
      <FiInbox aria-hidden="true" size={32} className="mb-2" />
      <p className="mb-0">{text}</p>
    </div>
  );
}

/** Shown beside a heading while figures already on screen are fetched again. */
export function Updating({ busy }: { busy: boolean }) {
  return busy ? <Spinner animation="border" size="sm" className="ms-2 text-brand" aria-label="Updating" /> : null;
}
