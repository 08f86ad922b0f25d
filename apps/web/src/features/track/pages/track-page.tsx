import { MSG } from '@bagshop/shared/messages';
import { type TrackQuery, trackQuery } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Col, Container, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { TextField } from '../../../components/form-field.tsx';
import { ShipmentCards } from '../../../components/shipment-card.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useLazyTrackOrderQuery } from '../api.ts';

/**
 * /track — where an order's parcels are, for anyone who has its number and the email or phone it was placed with
 * (a guest, or a shopper who is not signed in on this device).
 */
export function TrackPage() {
  usePageTitle('Track your order');
  const [params] = useSearchParams();
  const [track, result] = useLazyTrackOrderQuery();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof trackQuery>, unknown, TrackQuery>({
    resolver: zodResolver(trackQuery),
    defaultValues: { orderId: params.get('orderId') ?? '', contact: '' },
  });

  const onSubmit = handleSubmit((values) => {
    track(values, false);
  });

  const { data, error, isFetching } = result;
  const failed = error !== undefined && !isFetching;
  // A 429 comes from the rate limit, whose own text says to wait; every other failure has the shop's message.
  const failure = failed
    ? errorMessage(error, errorStatus(error) === 429 ? MSG.tooManyRequests : MSG.actionFailed)
    : null;

  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">Track your order</h1>
      <Row className="g-4">
        <Col lg={5}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-3 p-md-4">
              <Form noValidate onSubmit={onSubmit} aria-label="Find your order">
                <TextField
                  id="track-order"
                  label="Order number"
                  placeholder="ORD-7K2M9Q4X1B"
                  autoComplete="off"
                  maxLength={14}
                  registration={register('orderId')}
                  error={errors.orderId?.message}
                />
                <TextField
                  id="track-contact"
                  label="Email or phone"
                  hint="The email or phone number the order was placed with"
                  autoComplete="email"
                  maxLength={254}
                  registration={register('contact')}
                  error={errors.contact?.message}
                />
                <Button type="submit" variant="brand" className="w-100" disabled={isFetching} aria-busy={isFetching}>
                  {isFetching ? (
                    <Spinner as="span" size="sm" animation="border" className="me-2" aria-hidden="true" />
                  ) : null}
                  Track order
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7} aria-live="polite">
          {failure ? (
            <Alert variant="danger" role="alert">
              {failure}
            </Alert>
          ) : data && !isFetching ? (
            <section aria-label={`Order ${data.orderId}`}>
              <h2 className="h5 mb-3">Order {data.orderId}</h2>
              {data.shipments.length === 0 ? (
                <Alert variant="info">{SHIPPING_MSG.noShipmentsYet}</Alert>
              ) : (
                <ShipmentCards shipments={data.shipments} headingLevel={3} />
              )}
            </section>
          ) : null}
        </Col>
      </Row>
    </Container>
  );
}
