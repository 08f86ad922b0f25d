import type { CouponDto } from '@bagshop/shared/schemas/coupons';
import { type CouponInput, type CouponValues, couponSchema } from '@bagshop/shared/schemas/coupons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Button, Col, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { RupeeInput } from '../../../components/rupee-input.tsx';
import { COUPON_FIELDS, COUPON_SCREEN_TEXT } from '../coupon-messages.ts';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const TYPE_OPTIONS = [{ value: 'single', label: 'Single' }];

export const EMPTY_COUPON: CouponInput = {
  name: '',
  description: '',
  activation: null,
  expiry: null,
  discount: '',
  status: 'true',
  minAmount: '',
  maxAmount: '',
  limit: '',
  type: 'single',
};

/**
 * docs/product.md §4 Coupon status: the edit form treats a falsy stored status as active, so an edited coupon
 * starts out Active whatever was stored.
 */
export function statusOnForm(stored: boolean | null | undefined): 'true' | 'false' {
  return stored ? 'true' : 'true';
}

/** A saved coupon as the edit form shows it. */
export function couponFormValues(coupon: CouponDto): CouponInput {
  return {
    name: coupon.name,
    description: coupon.description,
    activation: new Date(coupon.activation),
    expiry: new Date(coupon.expiry),
    discount: String(coupon.discount),
    status: statusOnForm(coupon.status),
    minAmount: String(coupon.minAmount),
    maxAmount: String(coupon.maxAmount),
    limit: String(coupon.limit),
    type: 'single',
  };
}

interface AddonFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  after?: string;
  inputMode: 'numeric' | 'decimal';
}

/** A labelled number input with a % (or other unit) after it and its error underneath; amounts use RupeeInput. */
function AddonField({ id, label, registration, error, after, inputMode }: AddonFieldProps) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          inputMode={inputMode}
          {...registration}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {after ? <InputGroup.Text>{after}</InputGroup.Text> : null}
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}

interface CouponFormProps {
  defaultValues?: CouponInput;
  submitLabel: string;
  /** Shows the Referral coupon choice (adding only). */
  allowReferral?: boolean;
  /** Saves the coupon; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: CouponValues, referral: boolean) => Promise<Record<string, string>>;
}

/** docs/product.md §2 Add/Edit Coupon, checked on submit with the §5 messages under each field. */
export function CouponForm({
  defaultValues = EMPTY_COUPON,
  submitLabel,
  allowReferral = false,
  onSave,
}: CouponFormProps) {
  const [referral, setReferral] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CouponInput, unknown, CouponValues>({ resolver: zodResolver(couponSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    const fields = await onSave(values, referral);
    for (const field of COUPON_FIELDS) {
      if (fields[field]) setError(field, { message: fields[field] });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Coupon">
      <TextField
        id="coupon-name"
        label="Coupon name"
        registration={register('name')}
        error={errors.name?.message}
        hint={COUPON_SCREEN_TEXT.nameHint}
      />
      <TextField
        id="coupon-description"
        label="Description"
        rows={2}
        registration={register('description')}
        error={errors.description?.message}
      />
      <DateRangeFields
        control={control}
        idPrefix="coupon"
        errors={{ activation: errors.activation?.message, expiry: errors.expiry?.message }}
        // docs/product.md §2: a new activation moves the earliest expiry to the next day and clears the expiry.
        onActivationChosen={() => setValue('expiry', null, { shouldValidate: isSubmitted })}
      />
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <AddonField
            id="coupon-discount"
            label="Discount rate"
            after="%"
            inputMode="numeric"
            registration={register('discount')}
            error={errors.discount?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="coupon-status"
            label="Status"
            placeholder="Select"
            options={STATUS_OPTIONS}
            registration={register('status')}
            error={errors.status?.message}
          />
        </Col>
      </Row>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <RupeeInput
            id="coupon-min-amount"
            label="Min amount"
            {...register('minAmount')}
            error={errors.minAmount?.message}
          />
        </Col>
        <Col sm={6}>
          <RupeeInput
            id="coupon-max-amount"
            label="Max discount amount"
            {...register('maxAmount')}
            error={errors.maxAmount?.message}
          />
        </Col>
      </Row>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <AddonField
            id="coupon-limit"
            label="Usage limit"
            inputMode="numeric"
            registration={register('limit')}
            error={errors.limit?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="coupon-type"
            label="Usage type"
            placeholder="Select"
            options={TYPE_OPTIONS}
            registration={register('type')}
            error={errors.type?.message}
          />
        </Col>
      </Row>
      {allowReferral ? (
        <Form.Check
          id="coupon-referral"
          className="mb-3"
          label="Referral coupon (given to shoppers who register with a referral code)"
          checked={referral}
          onChange={(e) => setReferral(e.target.checked)}
        />
      ) : null}
      <Button type="submit" variant="brand" className="w-100 mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </Form>
  );
}
