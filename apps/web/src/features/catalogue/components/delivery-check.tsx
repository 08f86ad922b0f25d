import { PINCODE_PATTERN } from '@bagshop/shared/shipping';
import { SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FiTruck } from 'react-icons/fi';
import { useShippingEstimateQuery } from '../../../api/shipping-api.ts';
import { EstimateLine } from '../../../components/estimate-line.tsx';
import { REMEMBERED_PINCODE_KEY } from '../../../session/storage-keys.ts';

function rememberedPincode(): string {
  try {
    const pincode = localStorage.getItem(REMEMBERED_PINCODE_KEY) ?? '';
    return PINCODE_PATTERN.test(pincode) ? pincode : '';
  } catch {
    return '';
  }
}

function remember(pincode: string) {
  try {
    localStorage.setItem(REMEMBERED_PINCODE_KEY, pincode);
  } catch {
    // A browser that keeps nothing (private mode, storage full) still shows this visit's estimate.
  }
}

/** True once the browser has drawn the page and has a moment to spare, so the estimate never delays the product. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}

/**
 * "Check delivery" on the product page: when a parcel to the pincode would arrive and whether cash on delivery is
 * taken there. The pincode is kept in this browser and asked again on the next product opened.
 */
export function DeliveryCheck() {
  // Empty at first, as the server draws it; the pincode this browser keeps is taken up once the page is drawn.
  const [typed, setTyped] = useState('');
  const [pincode, setPincode] = useState('');
  useEffect(() => {
    const kept = rememberedPincode();
    if (kept === '') return;
    setTyped((current) => current || kept);
    setPincode((current) => current || kept);
  }, []);
  const [invalid, setInvalid] = useState(false);
  const idle = useIdle();
  const estimate = useShippingEstimateQuery(pincode, { skip: !idle || pincode === '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!PINCODE_PATTERN.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPincode(value);
    remember(value);
  };

  const asked = pincode === '' ? null : pincode;
  const busy = asked !== null && (estimate.isFetching || estimate.isUninitialized);

  return (
    <Form noValidate onSubmit={submit} className="delivery-check mt-3">
      <Form.Label htmlFor="delivery-pincode" className="fw-semibold mb-1">
        <FiTruck aria-hidden="true" className="me-2" />
        Check delivery
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="delivery-pincode"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[1-9][0-9]{5}"
          maxLength={6}
          placeholder="6-digit pincode"
          className="delivery-pincode"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value.replace(/\D/g, ''));
            setInvalid(false);
          }}
          isInvalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby="delivery-estimate"
        />
        <Button type="submit" variant="outline-brand">
          Check
        </Button>
      </div>
      <EstimateLine
        id="delivery-estimate"
        className="delivery-estimate mt-1"
        pincode={asked}
        data={estimate.currentData}
        error={estimate.error}
        busy={busy}
        problem={invalid ? SHIPPING_MSG.pincodeInvalid : null}
      />
    </Form>
  );
}
