import type { ReactNode } from 'react';
import { Alert, Button, Container, Spinner } from 'react-bootstrap';

export function LoadingState({ text = 'Loading…' }: { text?: string }) {
  return (
    <Container className="py-5 text-center" role="status">
      <Spinner animation="border" className="text-brand" aria-hidden="true" />
      <p className="text-muted mt-2 mb-0">{text}</p>
    </Container>
  );
}

export function ErrorState({ text, onRetry, busy }: { text: string; onRetry?: () => void; busy?: boolean }) {
  return (
    <Container className="py-5">
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{text}</span>
        {onRetry ? (
          <Button variant="outline-danger" size="sm" onClick={onRetry} disabled={busy}>
            Retry
          </Button>
        ) : null}
      </Alert>
    </Container>
  );
}

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Container className="py-5 text-center empty-state">
      {icon}
      <h1 className="h4 mt-3">{title}</h1>
      {children}
    </Container>
  );
}
