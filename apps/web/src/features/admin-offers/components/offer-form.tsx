import { OFFER_TYPES } from '@bagshop/shared/catalogue';
import type { OfferDto } from '@bagshop/shared/catalogue-types';
import { type OfferInput, offerSchema } from '@bagshop/shared/schemas/catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Col, Form, InputGroup, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { OfferValues } from '../../../api/admin-offers-api.ts';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { RupeeInput } from '../../../components/rupee-input.tsx';
import { OFFER_TYPE_LABELS } from './offers-table.tsx';

export const OFFER_FIELDS = ['name', 'type', 'description', 'activation', 'expiry', 'discount', 'minAmount'] as const;

const TYPE_OPTIONS = OFFER_TYPES.map((type) => ({ value: type, label: OFFER_TYPE_LABELS[type] }));

export const EMPTY_OFFER = {
  name: '',
  type: '' as OfferInput['type'],
  description: '',
  activation: null,
  expiry: null,
  discount: '',
  minAmount: '',
} satisfies OfferInput;

/** A saved offer as the form shows it. */
export function offerFormValues(offer: OfferDto): OfferInput {
  return {
    name: offer.name,
    type: offer.type,
    description: offer.description,
    activation: new Date(offer.activation),
    expiry: new Date(offer.expiry),
    discount: String(offer.discount),
    minAmount: String(offer.minAmount),
  };
}

interface OfferFormProps {
  defaultValues?: OfferInput;
  submitLabel: string;
  /** Saves the offer; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: OfferValues) => Promise<Record<string, string>>;
}

/** docs/product.md §2 Add/Edit Offer, checked on submit with the §5 messages under each field. */
export function OfferForm({ defaultValues = EMPTY_OFFER, submitLabel, onSave }: OfferFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<OfferInput, unknown, OfferValues>({ resolver: zodResolver(offerSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    const fields = await onSave(values);
    for (const field of OFFER_FIELDS) {
      if (fields[field]) setError(field, { message: fields[field] });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Offer">
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <TextField id="offer-name" label="Offer name" registration={register('name')} error={errors.name?.message} />
        </Col>
        <Col sm={6}>
          <SelectField
            id="offer-type"
            label="Applicable to"
            placeholder="Select"
            options={TYPE_OPTIONS}
            registration={register('type')}
            error={errors.type?.message}
          />
        </Col>
      </Row>
      <TextField
        id="offer-description"
        label="Description"
        rows={2}
        registration={register('description')}
        error={errors.description?.message}
      />
      <DateRangeFields
        control={control}
        idPrefix="offer"
        errors={{ activation: errors.activation?.message, expiry: errors.expiry?.message }}
        // docs/product.md §2: a new activation moves the earliest expiry to the next day and clears the expiry.
        onActivationChosen={() => setValue('expiry', null, { shouldValidate: isSubmitted })}
      />
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <Form.Group controlId="offer-discount" className="mb-3">
            <Form.Label>Discount rate</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                inputMode="numeric"
                {...register('discount')}
                isInvalid={Boolean(errors.discount)}
                aria-describedby={errors.discount ? 'offer-discount-error' : undefined}
              />
              <InputGroup.Text>%</InputGroup.Text>
              <Form.Control.Feedback type="invalid" id="offer-discount-error">
                {errors.discount?.message}
              </Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
        </Col>
        <Col sm={6}>
          <RupeeInput
            id="offer-min-amount"
            label="Criteria amount"
            {...register('minAmount')}
            error={errors.minAmount?.message}
            hint="The order or item total in rupees from which the discount applies."
          />
        </Col>
      </Row>
      <Button type="submit" variant="brand" className="w-100 mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </Form>
  );
}
