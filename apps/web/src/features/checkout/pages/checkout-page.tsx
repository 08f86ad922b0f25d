import type { CartDto } from '@bagshop/shared/catalogue-types';
import { ORDER_MSG } from '@bagshop/shared/order-messages';
import { ORDER_SCREEN_MSG } from '@bagshop/shared/order-screen-messages';
import type { PaymentMethod } from '@bagshop/shared/orders';
import { SHOP_SETTINGS_MSG } from '@bagshop/shared/shop-settings';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Container, Row, Spinner } from 'react-bootstrap';
import { FiLock } from 'react-icons/fi';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAccountQuery } from '../../../api/account-api.ts';
import { useCartQuery } from '../../../api/cart-api.ts';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { useCodEligibilityQuery, useShippingEstimateQuery } from '../../../api/shipping-api.ts';
import { useCardPayments } from '../../../api/shop-settings-api.ts';
import { canCheckout } from '../../../components/cart-rules.ts';
import { CartSummaryList } from '../../../components/cart-summary.tsx';
import { CouponBox } from '../../../components/coupon-box.tsx';
import { EstimateLine } from '../../../components/estimate-line.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { rupees } from '../../../components/price.tsx';
import { successPath, useOrderPayment } from '../../../components/use-order-payment.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useCheckoutWalletQuery, usePlaceOrderMutation } from '../api.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { CheckoutLines } from '../components/checkout-lines.tsx';
import { PaymentMethodPicker } from '../components/payment-method-picker.tsx';
import { codAvailability, paymentOptions, usableMethod } from '../payment-options.ts';

/** /checkout — delivery address, the cart being ordered, payment method and Place Order. */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const navigate = useNavigate();
  const cart = useCartQuery(undefined, { refetchOnMountOrArgChange: true });
  const account = useAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  const wallet = useCheckoutWalletQuery(undefined, { refetchOnMountOrArgChange: true });
  const cardPayments = useCardPayments();
  const [placeOrder, placing] = usePlaceOrderMutation();
  const { pay, busy: paying, checkoutDialog } = useOrderPayment();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('razorpay');
  // Once an order is placed its cart empties; the page keeps showing what was ordered while the payment runs
  // and must not send the shopper back to the cart.
  const placed = useRef(false);
  const [ordered, setOrdered] = useState<CartDto | null>(null);
  const shown = ordered ?? cart.data;

  const lines = shown?.carts;
  const addresses = account.data?.user.address ?? [];

  useEffect(() => {
    if (lines && lines.length === 0 && !placed.current) {
      toast.error(ORDER_MSG.cartEmptyOrder, { toastId: 'checkout-empty-cart' });
      navigate('/cart', { replace: true });
    }
  }, [lines, navigate]);

  const firstAddress = addresses[0]?._id ?? null;
  const chosenAddress = addresses.some((a) => a._id === addressId) ? addressId : firstAddress;
  const pincode = addresses.find((a) => a._id === chosenAddress)?.zipcode ?? null;
  const estimate = useShippingEstimateQuery(pincode ?? '', { skip: pincode === null });
  const eligibility = useCodEligibilityQuery(undefined, { refetchOnMountOrArgChange: true });
  const notServiceable = estimate.currentData?.serviceable === false;

  if (cart.isLoading || account.isLoading || cardPayments.isLoading)
    return <LoadingState page text="Loading checkout…" />;
  if (!shown) {
    return (
      <LoadFailed
        page
        message={errorMessage(cart.error, 'We could not load your cart. Please try again.')}
        onRetry={() => cart.refetch()}
        retrying={cart.isFetching}
      />
    );
  }
  if (!lines || lines.length === 0) return <LoadingState page text="Loading checkout…" />;

  const summary = shown.summary;
  const cardsTaken = cardPayments.mode !== 'off';
  const cod = codAvailability(
    pincode,
    { data: estimate.currentData, isError: estimate.isError },
    { data: eligibility.data, isError: eligibility.isError },
  );
  const options = paymentOptions(summary.final, wallet.data ? wallet.data.balance : null, cardsTaken, cod);
  const chosenMethod = usableMethod(method, options);
  const orderable = canCheckout(lines);
  const working = placing.isLoading || paying;

  async function submit() {
    if (!chosenAddress) {
      toast.error(ORDER_MSG.addressRequired);
      return;
    }
    if (!chosenMethod || notServiceable) return;
    placed.current = true;
    setOrdered(shown ?? null);
    let answer: Awaited<ReturnType<ReturnType<typeof placeOrder>['unwrap']>>;
    try {
      answer = await placeOrder({ addressId: chosenAddress, paymentMethod: chosenMethod }).unwrap();
    } catch (failure) {
      placed.current = false;
      setOrdered(null);
      const fields = fieldErrors(failure);
      toast.error(fields.paymentMethod ?? fields.addressId ?? errorMessage(failure, ORDER_SCREEN_MSG.placeOrderFailed));
      return;
    }
    const orderId = answer.order._id;
    if (answer.payment) {
      await pay(orderId, answer.payment);
      return;
    }
    toast.success(ORDER_MSG.orderPlaced);
    navigate(successPath(orderId));
  }

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">Checkout</h1>
      <Row className="g-4">
        <Col lg={8} className="d-grid gap-4 align-content-start">
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-3 p-md-4">
              <AddressPicker addresses={addresses} chosen={chosenAddress} onChoose={setAddressId} />
              <EstimateLine
                id="checkout-estimate"
                className="mt-3"
                pincode={pincode}
                data={estimate.currentData}
                error={estimate.error}
                busy={estimate.isFetching}
              />
              {account.error ? (
                <Alert variant="danger" className="mt-3 mb-0">
                  {errorMessage(account.error, 'We could not load your addresses. Please try again.')}
                </Alert>
              ) : addresses.length === 0 ? (
                <p className="text-danger small mt-3 mb-0">{ORDER_SCREEN_MSG.chooseAddress}</p>
              ) : null}
            </Card.Body>
          </Card>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-2 p-md-3">
              <div className="d-flex align-items-center justify-content-between m-2">
                <h2 className="h5 mb-0">Items ({lines.length})</h2>
                <Link to="/cart" className="small">
                  Edit cart
                </Link>
              </div>
              <CheckoutLines lines={lines} />
            </Card.Body>
          </Card>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-3 p-md-4">
              <PaymentMethodPicker options={options} chosen={chosenMethod} onChoose={setMethod} />
              {options.every((o) => o.method !== 'cod') ? (
                <p className="small text-muted mt-2 mb-0">{ORDER_SCREEN_MSG.codOverLimit}</p>
              ) : null}
              {cardsTaken ? null : <p className="small text-muted mt-2 mb-0">{SHOP_SETTINGS_MSG.cardPaymentsOff}</p>}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="border-0 shadow-sm cart-summary">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">Order summary</h2>
              <CartSummaryList summary={summary} />
              {ordered === null ? (
                <div className="border-top mt-3 pt-3">
                  <CouponBox applied={shown.coupon} />
                </div>
              ) : null}
              <Button
                variant="brand"
                size="lg"
                className="w-100 mt-3"
                onClick={submit}
                disabled={
                  working ||
                  ordered !== null ||
                  !orderable ||
                  !chosenAddress ||
                  notServiceable ||
                  !chosenMethod ||
                  cart.isFetching
                }
              >
                {working ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                Place Order
              </Button>
              {chosenMethod ? (
                <p className="small text-muted mt-2 mb-0 text-center">
                  <FiLock aria-hidden="true" className="me-1" />
                  You pay {rupees(summary.final)} by {options.find((o) => o.method === chosenMethod)?.label}
                </p>
              ) : null}
              {!orderable ? (
                <p className="small text-danger mt-2 mb-0">
                  Some items cannot be ordered. <Link to="/cart">Fix them in your cart</Link>.
                </p>
              ) : null}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {checkoutDialog}
    </Container>
  );
}
