import type { OrderDto } from '@bagshop/shared/order-types';
import { createShipmentSchema } from '@bagshop/shared/schemas/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { SHIPPING_SCREEN_MSG } from '@bagshop/shared/shipping-screen-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { TextField } from '../../../components/form-field.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { useCreateShipmentMutation, useShippingSettingsQuery } from '../api.ts';
import { pendingItems } from '../shipping.ts';

const items = z.array(z.string()).min(1, { error: SHIPPING_MSG.shipItemsInvalid });
/** With the manual provider the courier and AWB come from the counter receipt, checked as the shop checks them. */
const manualForm = z.object({
  items,
  courier: createShipmentSchema.shape.courier.unwrap(),
  awb: createShipmentSchema.shape.awb.unwrap(),
});
/** Shiprocket chooses the courier and gives the AWB itself. */
const shiprocketForm = z.object({ items, courier: z.string(), awb: z.string() });
type ShipFormInput = z.input<typeof manualForm>;
type ShipFormOutput = z.output<typeof manualForm>;

interface ShipDialogProps {
  order: Pick<OrderDto, '_id' | 'orderId' | 'items'>;
  show: boolean;
  onClose: () => void;
}

/** Books a parcel for the ticked Pending items (docs/decisions/039-shipping.md). */
export function ShipDialog({ order, show, onClose }: ShipDialogProps) {
  const settings = useShippingSettingsQuery(undefined, { skip: !show });
  const [createShipment, creating] = useCreateShipmentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // A second click lands before the first call marks the mutation as loading: one booking per submit.
  const sending = useRef(false);
  const manual = settings.data?.provider === 'manual';
  const waiting = pendingItems(order);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ShipFormInput, unknown, ShipFormOutput>({
    resolver: zodResolver(manual ? manualForm : shiprocketForm),
    defaultValues: { items: waiting.map((item) => item._id), courier: '', awb: '' },
  });
  const busy = creating.isLoading;

  const close = () => {
    if (busy) return;
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      const answer = await createShipment({
        orderId: order._id,
        items: values.items,
        ...(manual ? { courier: values.courier, awb: values.awb } : {}),
      }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      for (const name of ['items', 'courier', 'awb'] as const) {
        if (fields[name]) setError(name, { message: fields[name] });
      }
      setFailure(errorMessage(error, SHIPPING_SCREEN_MSG.shipFailed));
    } finally {
      sending.current = false;
    }
  });

  let body: React.ReactNode;
  if (settings.isLoading) {
    body = <LoadingState text="Loading shipping settings…" />;
  } else if (settings.error || !settings.data) {
    body = (
      <LoadFailed
        message={SHIPPING_SCREEN_MSG.settingsFailed}
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  } else {
    body = (
      <>
        {failure ? (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <fieldset className="mb-3" aria-describedby={errors.items ? 'ship-items-error' : undefined}>
          <legend className="fs-6 fw-semibold">Items to ship</legend>
          {waiting.map((item) => (
            <Form.Check
              key={item._id}
              id={`ship-item-${item._id}`}
              type="checkbox"
              value={item._id}
              label={`${item.product.name} (${item.product.color}) × ${item.qty}`}
              {...register('items')}
            />
          ))}
          {errors.items ? (
            <div id="ship-items-error" className="small text-danger mt-1">
              {errors.items.message}
            </div>
          ) : null}
        </fieldset>
        {manual ? (
          <>
            <p className="small text-muted">{SHIPPING_SCREEN_MSG.manualNote}</p>
            <TextField
              id="ship-courier"
              label="Courier"
              autoComplete="off"
              maxLength={60}
              registration={register('courier')}
              error={errors.courier?.message}
            />
            <TextField
              id="ship-awb"
              label="Tracking number (AWB)"
              autoComplete="off"
              maxLength={40}
              registration={register('awb')}
              error={errors.awb?.message}
              className="mb-0"
            />
          </>
        ) : (
          <p className="small text-muted mb-0">{SHIPPING_SCREEN_MSG.shiprocketAssigns}</p>
        )}
      </>
    );
  }

  return (
    <Modal
      show={show}
      onHide={close}
      onEnter={() => {
        setFailure(null);
        reset({ items: waiting.map((item) => item._id), courier: '', awb: '' });
      }}
      centered
      aria-labelledby="ship-dialog-title"
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!busy}>
          <Modal.Title id="ship-dialog-title" as="h2" className="h5">
            Ship order {order.orderId}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={busy}>
            Close
          </Button>
          <Button type="submit" variant="brand" disabled={busy || !settings.data}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            Book shipment
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
