import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import { Card, Container } from 'react-bootstrap';
import { FiCheckCircle } from 'react-icons/fi';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';

/** /order-success?id — the order went through (docs/product.md §2 Order placed). */
export function OrderSuccessPage() {
  usePageTitle(ORDER_SCREEN_MSG.thankYou);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Container className="py-5">
      <Card className="border-0 shadow-sm mx-auto text-center result-card">
        <Card.Body className="p-4 p-md-5">
          <FiCheckCircle className="result-icon text-success" aria-hidden="true" />
          <h1 className="h3 mt-3">{ORDER_SCREEN_MSG.thankYou}</h1>
          <p className="lead mb-1">{ORDER_SCREEN_MSG.placedSuccessfully}</p>
          <p className="text-muted">{ORDER_SCREEN_MSG.notifyShipped}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
            {id ? (
              <Link to={`/order-details/${encodeURIComponent(id)}`} className="btn btn-brand">
                Order Details
              </Link>
            ) : null}
            <Link to="/shop-products" className="btn btn-outline-brand">
              Continue Shopping
            </Link>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}
