import type { ReactNode } from 'react';
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { FiInbox } from 'react-icons/fi';

/**
 * The one set of screen states (docs/decisions/018-web-client-and-screens.md): loading, failed with a Retry,
 * empty, and refreshing. `page` puts the state in a page container, for screens that show nothing else.
 */
interface FrameProps {
  page?: boolean;
  className: string;
  role?: 'status';
  children: ReactNode;
}

function Frame({ page = false, className, role, children }: FrameProps) {
  return page ? (
    <Container className={className} role={role}>
      {children}
    </Container>
  ) : (
    <div className={className} role={role}>
      {children}
    </div>
  );
}

interface LoadingStateProps {
  text: string;
  page?: boolean;
  /** Shown in place of the spinner, e.g. product card skeletons. */
  placeholder?: ReactNode;
  /** Keeps the text for screen readers only. */
  quiet?: boolean;
}

export function LoadingState({ text, page, placeholder, quiet = false }: LoadingStateProps) {
  if (placeholder) {
    return (
      <Frame page={page} className="" role="status">
        <p className={quiet ? 'visually-hidden' : 'text-muted'}>{text}</p>
        {placeholder}
      </Frame>
    );
  }
  return (
    <Frame page={page} className="text-center py-5" role="status">
      <Spinner animation="border" className="text-brand" aria-hidden="true" />
      <p className={quiet ? 'visually-hidden' : 'text-muted mt-2 mb-0'}>{text}</p>
    </Frame>
  );
}

interface LoadFailedProps {
  message: string;
  onRetry?: () => unknown;
  retrying?: boolean;
  /** The record is not there: a warning without Retry, since trying again cannot help. */
  notFound?: boolean;
  page?: boolean;
  className?: string;
  /** Further ways on, e.g. a link back. */
  children?: ReactNode;
}

export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  notFound = false,
  page = false,
  className,
  children,
}: LoadFailedProps) {
  const alert = (
    <Alert
      variant={notFound ? 'warning' : 'danger'}
      className={`d-flex flex-wrap align-items-center justify-content-between gap-2${className ? ` ${className}` : ''}`}
    >
      <span>{message}</span>
      {(onRetry && !notFound) || children ? (
        <span className="d-flex flex-wrap gap-2">
          {onRetry && !notFound ? (
            <Button variant="outline-danger" size="sm" onClick={() => onRetry()} disabled={retrying}>
              Retry
            </Button>
          ) : null}
          {children}
        </span>
      ) : null}
    </Alert>
  );
  return page ? <Container className="py-5">{alert}</Container> : alert;
}

interface EmptyStateProps {
  title: string;
  icon?: ReactNode;
  /** The title is the screen's heading (h1) when the screen shows nothing else. */
  heading?: boolean;
  page?: boolean;
  /** What the visitor can do next: a hint, a link, a button. */
  children?: ReactNode;
}

export function EmptyState({ title, icon, heading = false, page = false, children }: EmptyStateProps) {
  return (
    <Frame page={page} className="text-center py-5 empty-state">
      {icon ?? <FiInbox className="empty-state-icon" aria-hidden="true" />}
      {heading ? <h1 className="h4 mt-3">{title}</h1> : <p className="h5 mt-3">{title}</p>}
      {children}
    </Frame>
  );
}

/** Shown beside a heading while figures already on screen are fetched again. */
export function Updating({ busy }: { busy: boolean }) {
  return busy ? (
    <Spinner as="span" animation="border" size="sm" className="ms-2 text-brand" aria-label="Updating" />
  ) : null;
}
