import { COUPON_MSG } from '@bagshop/shared/coupon-messages';
import { MSG } from '@bagshop/shared/messages';
import type { AppliedCouponDto, CouponDto } from '@bagshop/shared/schemas/coupons';
import { type ApplyCouponInput, applyCouponSchema } from '@bagshop/shared/schemas/coupons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FiTag, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useApplyCouponMutation, useRemoveCouponMutation, useShopperCouponsQuery } from '../api/cart-api.ts';
import { errorMessage, fieldErrors } from '../api/errors.ts';
import { rupees } from './price.tsx';

interface CouponRowProps {
  coupon: CouponDto;
  onApply: (code: string) => void;
  /** True while a coupon change is on its way, so no second one starts. */
  busy: boolean;
  applied: boolean;
}

/** One coupon open to the shopper: its code (the name), what it is for, percent off, minimum cart and largest discount. */
export function CouponRow({ coupon, onApply, busy, applied }: CouponRowProps) {
  return (
    <li className="coupon-row">
      <div className="coupon-row-text">
        <div>
          <span className="coupon-code">{coupon.code}</span> <span className="small">{coupon.description}</span>
        </div>
        <div className="small text-muted">
          {coupon.discount}% off · Min. order {rupees(coupon.minAmount)} · Max. discount {rupees(coupon.maxAmount)}
        </div>
      </div>
      <Button
        variant="outline-brand"
        size="sm"
        disabled={busy || applied}
        onClick={() => onApply(coupon.code)}
        aria-label={`Apply coupon ${coupon.code}`}
      >
        {applied ? 'Applied' : 'Apply'}
      </Button>
    </li>
  );
}

/** Coupons for the cart: the applied one with Remove, a code field, and the coupons open to the shopper. */
export function CouponBox({ applied }: { applied?: AppliedCouponDto | null }) {
  const coupons = useShopperCouponsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [applyCoupon, applying] = useApplyCouponMutation();
  const [removeCoupon, removing] = useRemoveCouponMutation();
  const busy = applying.isLoading || removing.isLoading;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ApplyCouponInput>({ resolver: zodResolver(applyCouponSchema), defaultValues: { code: '' } });

  const apply = async (code: string) => {
    try {
      await applyCoupon({ code: code.trim() }).unwrap();
      reset({ code: '' });
      toast.success(COUPON_MSG.applied);
    } catch (err) {
      const message = fieldErrors(err).code ?? errorMessage(err, MSG.actionFailed);
      setError('code', { message });
      toast.error(message);
    }
  };
  const remove = async () => {
    try {
      await removeCoupon().unwrap();
      toast.success(COUPON_MSG.removed);
    } catch (err) {
      toast.error(errorMessage(err, MSG.actionFailed));
    }
  };

  const list = coupons.data ?? [];
  return (
    <section className="coupon-box" aria-labelledby="coupon-box-title">
      <h2 id="coupon-box-title" className="h6 mb-2">
        <FiTag aria-hidden="true" className="me-2 text-brand" />
        Coupons
      </h2>
      {applied ? (
        <div className="coupon-applied" data-testid="applied-coupon">
          <div>
            <span className="coupon-code">{applied.code}</span>
            <div className="small text-success">{applied.discount}% off applied</div>
          </div>
          <Button
            variant="link"
            size="sm"
            className="text-danger p-0"
            onClick={remove}
            disabled={busy}
            aria-label={`Remove coupon ${applied.code}`}
          >
            <FiX aria-hidden="true" className="me-1" />
            Remove
          </Button>
        </div>
      ) : (
        <Form noValidate onSubmit={handleSubmit((values) => apply(values.code))}>
          <Form.Label htmlFor="coupon-code" className="small mb-1">
            Coupon code
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id="coupon-code"
              autoComplete="off"
              placeholder="Enter code"
              isInvalid={!!errors.code}
              {...register('code')}
            />
            <Button type="submit" variant="brand" disabled={busy}>
              {applying.isLoading ? <Spinner animation="border" size="sm" aria-hidden="true" /> : null} Apply
            </Button>
            <Form.Control.Feedback type="invalid">{errors.code?.message}</Form.Control.Feedback>
          </InputGroup>
        </Form>
      )}
      {list.length > 0 ? (
        <ul className="list-unstyled mb-0 mt-3 coupon-list" aria-label="Available coupons">
          {list.map((coupon) => (
            <CouponRow
              key={coupon._id}
              coupon={coupon}
              busy={busy}
              applied={applied?.code === coupon.code}
              onApply={apply}
            />
          ))}
        </ul>
      ) : coupons.isSuccess ? (
        <p className="small text-muted mt-2 mb-0">No coupons available right now.</p>
      ) : null}
    </section>
  );
}
