import { NOT_FOUND_NAME } from '@bagshop/shared/page-titles';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_NAME);
  return (
    <Container className="py-5 text-center">
      <p className="display-1 fw-bold text-brand mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h3">{NOT_FOUND_NAME}</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-brand">
        Go Home
      </Link>
    </Container>
  );
}
