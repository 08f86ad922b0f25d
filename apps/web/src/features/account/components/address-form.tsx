import { GSTIN_INPUT_MAX } from '@bagshop/shared/gst/gstin';
import { COUNTRIES, INDIAN_STATES } from '@bagshop/shared/places';
import { type AddressInput, addressSchema } from '@bagshop/shared/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField, TextField } from '../../../components/form-field.tsx';

type AddressValues = z.output<typeof addressSchema>;

export const ADDRESS_FIELDS = [
  'name',
  'houseName',
  'town',
  'street',
  'landmark',
  'zipcode',
  'state',
  'country',
  'phone',
  'gstin',
] as const;

export const EMPTY_ADDRESS: AddressInput = {
  name: '',
  houseName: '',
  town: '',
  street: '',
  landmark: '',
  zipcode: '',
  state: '',
  country: 'IN',
  phone: '',
  gstin: '',
};

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

interface AddressFormProps {
  defaultValues?: AddressInput;
  /** Saves the address; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: AddressValues) => Promise<Record<string, string>>;
}

/**
 * docs/product.md §2 Add/Edit address: eight fields and an optional landmark with their §5 messages under each, a business buyer's optional
 * GSTIN (§5 Address: checked with the shared rules, its state against the address's), and SAVE.
 */
export function AddressForm({ defaultValues = EMPTY_ADDRESS, onSave }: AddressFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, AddressValues>({ resolver: zodResolver(addressSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    const fields = await onSave(values);
    for (const field of ADDRESS_FIELDS) {
      if (fields[field]) setError(field, { message: fields[field] });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Row className="g-0 g-sm-3">
        <Col sm={6}>
          <TextField
            id="address-name"
            label="Name"
            autoComplete="name"
            registration={register('name')}
            error={errors.name?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="address-house-name"
            label="House Name"
            autoComplete="address-line1"
            registration={register('houseName')}
            error={errors.houseName?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="address-town"
            label="Town"
            autoComplete="address-level2"
            registration={register('town')}
            error={errors.town?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="address-street"
            label="Street"
            autoComplete="address-line2"
            registration={register('street')}
            error={errors.street?.message}
          />
        </Col>
        <Col sm={12}>
          <TextField
            id="address-landmark"
            label="Landmark (optional)"
            autoComplete="address-line3"
            registration={register('landmark')}
            error={errors.landmark?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="address-zipcode"
            label="Zipcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            registration={register('zipcode')}
            error={errors.zipcode?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="address-state"
            label="State"
            placeholder="Select state"
            options={INDIAN_STATES}
            autoComplete="address-level1"
            registration={register('state')}
            error={errors.state?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="address-country"
            label="Country"
            placeholder="Select Country"
            options={COUNTRY_OPTIONS}
            autoComplete="country"
            registration={register('country')}
            error={errors.country?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="address-phone"
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            registration={register('phone')}
            error={errors.phone?.message}
          />
        </Col>
        <Col xs={12}>
          <TextField
            id="address-gstin"
            label="GSTIN (optional, for business purchases)"
            hint="Add your GSTIN to get a B2B tax invoice. It must be registered in this address's state."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={GSTIN_INPUT_MAX}
            registration={register('gstin')}
            error={errors.gstin?.message}
          />
        </Col>
      </Row>
      <Button type="submit" variant="brand" className="w-100 mt-2" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        SAVE
      </Button>
    </Form>
  );
}
