import type { ShippingEstimate } from '@bagshop/shared/schemas/shipping';
import { estimateText, SHIPPING_MSG } from '@bagshop/shared/shipping-messages';
import { Spinner } from 'react-bootstrap';
import { errorMessage } from '../api/errors.ts';

interface EstimateLineProps {
  id: string;
  className?: string;
  /** The pincode asked about; nothing is shown without one. */
  pincode: string | null;
  /** The answer for that pincode (not an earlier one's). */
  data: ShippingEstimate | undefined;
  error: unknown;
  busy: boolean;
  /** Said instead of the estimate, e.g. that the typed pincode is not one. */
  problem?: string | null;
}

/** "Delivery to 560001 by Fri, 4 Dec · Cash on delivery available", or why there is no such line; read out as it changes. */
export function EstimateLine({ id, className, pincode, data, error, busy, problem }: EstimateLineProps) {
  let content = null;
  if (problem) content = <span className="text-danger">{problem}</span>;
  else if (pincode === null) content = null;
  else if (busy) {
    content = (
      <span className="text-muted">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        Checking delivery to {pincode}…
      </span>
    );
  } else if (error) {
    content = <span className="text-danger">{errorMessage(error, SHIPPING_MSG.estimateUnavailable)}</span>;
  } else if (data) {
    content = data.serviceable ? (
      <span className="text-success">{estimateText(data)}</span>
    ) : (
      <span className="text-danger">{SHIPPING_MSG.notServiceable(data.pincode)}</span>
    );
  }
  return (
    <p id={id} className={`small mb-0 ${className ?? ''}`} aria-live="polite">
      {content}
    </p>
  );
}
