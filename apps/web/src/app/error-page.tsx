import { Container } from 'react-bootstrap';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../components/use-page-title.ts';

/** The router's error screen; 4xx responses keep their familiar names (docs/product.md §2). */
export function ErrorPage() {
  const error = useRouteError();
  const known: Record<number, string> = {
    400: 'Bad Request',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
  };
  const detail = isRouteErrorResponse(error) ? (known[error.status] ?? error.statusText) : null;
  usePageTitle(detail || 'Unexpected Application Error');
  return (
    <Container className="py-5 text-center" role="alert">
      <h1 className="h3">Unexpected Application Error</h1>
      {detail && <p className="text-muted">{detail}</p>}
      <Link to="/" className="btn btn-brand">
        Go Home
      </Link>
    </Container>
  );
}
