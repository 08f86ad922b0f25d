import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { FiArrowLeft, FiShoppingBag } from 'react-icons/fi';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useCartQuery, useRemoveFromCartMutation, useUpdateCartMutation } from '../../../api/cart-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { canCheckout } from '../../../components/cart-rules.ts';
import { CartSummaryList } from '../../../components/cart-summary.tsx';
import { CouponBox } from '../../../components/coupon-box.tsx';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { CartLine } from '../components/cart-line.tsx';

/** /cart — lines with quantities, the summary, CHECKOUT and Back to shop. */
export function CartPage() {
  usePageTitle('Shopping Cart');
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateCart, updating] = useUpdateCartMutation();
  const [removeFromCart, removing] = useRemoveFromCartMutation();

  const busyLine = (id: string) =>
    (updating.isLoading && updating.originalArgs?.cartId === id) ||
    (removing.isLoading && removing.originalArgs === id);

  const changeQty = async (cartId: string, qty: number) => {
    try {
      await updateCart({ cartId, qty }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MSG.actionFailed));
    }
  };
  const remove = async (cartId: string) => {
    try {
      const answer = await removeFromCart(cartId).unwrap();
      toast.success(answer.message || CATALOGUE_MSG.removedFromCart);
    } catch (err) {
      toast.error(errorMessage(err, CATALOGUE_MSG.removeFromCartFailed));
    }
  };

  if (isLoading) {
    return <LoadingState page text="Loading your cart…" />;
  }
  if (error || !data) {
    return (
      <LoadFailed
        page
        message={errorMessage(error, MSG.cartLoadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  const lines = data.carts;
  const backToShop = (
    <Link to="/shop-products" className="btn btn-outline-brand">
      <FiArrowLeft aria-hidden="true" className="me-2" />
      Back to shop
    </Link>
  );

  if (lines.length === 0) {
    return (
      <EmptyState
        page
        heading
        icon={<FiShoppingBag className="empty-state-icon" aria-hidden="true" />}
        title={CATALOGUE_MSG.cartEmpty}
      >
        <p className="text-muted">Find a bag you love and it will wait for you here.</p>
        {backToShop}
      </EmptyState>
    );
  }

  const ready = canCheckout(lines);
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">
        Shopping Cart <span className="text-muted fs-6">({lines.length})</span>
      </h1>
      <Row className="g-4">
        <Col lg={8}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-2 p-md-3">
              <ul className="list-unstyled mb-0 cart-lines" aria-label="Items in your cart">
                {lines.map((line) => (
                  <CartLine
                    key={line._id}
                    line={line}
                    busy={busyLine(line._id)}
                    onQuantity={(qty) => changeQty(line._id, qty)}
                    onRemove={() => remove(line._id)}
                  />
                ))}
              </ul>
            </Card.Body>
          </Card>
          <div className="mt-3 d-none d-lg-block">{backToShop}</div>
        </Col>
        <Col lg={4}>
          <Card className="border-0 shadow-sm cart-summary">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">Order summary</h2>
              <CartSummaryList summary={data.summary} />
              <div className="border-top mt-3 pt-3">
                <CouponBox applied={data.coupon} />
              </div>
              <Button
                variant="brand"
                size="lg"
                className="w-100 mt-3"
                disabled={!ready || isFetching}
                onClick={() => navigate('/checkout')}
              >
                CHECKOUT
              </Button>
              {!ready && <p className="small text-danger mt-2 mb-0">Fix the items marked above before checking out.</p>}
            </Card.Body>
          </Card>
          <div className="mt-3 d-lg-none">{backToShop}</div>
        </Col>
      </Row>
    </Container>
  );
}
