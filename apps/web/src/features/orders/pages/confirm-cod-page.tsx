import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { Alert, Button, Card, Container, Spinner } from 'react-bootstrap';
import { FiCheckCircle } from 'react-icons/fi';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useConfirmCodOrderByLinkMutation } from '../api.ts';

/**
 * /confirm-cod?token — the link in a cash-on-delivery order's mail (docs/decisions/036-cod-and-order-limits.md). It
 * confirms only when the shopper presses the button: mail scanners open links, and opening must change nothing.
 */
export function ConfirmCodPage() {
  usePageTitle('Confirm your order');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirmByLink, { data, error, isLoading }] = useConfirmCodOrderByLinkMutation();
  return (
    <Container className="py-5">
      <Card className="border-0 shadow-sm mx-auto text-center result-card">
        <Card.Body className="p-4 p-md-5">
          {data ? (
            <>
              <FiCheckCircle className="result-icon text-success" aria-hidden="true" />
              <h1 className="h3 mt-3">{data.message}</h1>
              <p className="text-muted">
                Order {data.orderId}. {ORDER_SCREEN_MSG.notifyShipped}.
              </p>
              <Link to="/mine" className="btn btn-brand mt-2">
                My Orders
              </Link>
            </>
          ) : (
            <>
              <h1 className="h3">Confirm your cash-on-delivery order</h1>
              <p className="text-muted">Confirm that you want this order, and we will pack it for delivery.</p>
              {error || !token ? (
                <Alert variant="danger" role="alert">
                  {token ? errorMessage(error, ORDER_SCREEN_MSG.codConfirmFailed) : ORDER_MSG.codConfirmLinkInvalid}
                </Alert>
              ) : null}
              <Button variant="brand" onClick={() => confirmByLink(token)} disabled={!token || isLoading}>
                {isLoading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                Confirm my order
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
