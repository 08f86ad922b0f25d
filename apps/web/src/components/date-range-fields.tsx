import { Col, Row } from 'react-bootstrap';
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { DateField, earliestExpiry } from './date-field.tsx';

interface DateRangeFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Prefix of the two inputs' ids, e.g. 'offer' → offer-activation, offer-expiry. */
  idPrefix: string;
  errors: { activation?: string; expiry?: string };
  /** Called after a new activation date: the form clears its expiry (docs/product.md §2). */
  onActivationChosen: () => void;
}

/** The activation and expiry pickers of the offer and coupon forms; the expiry starts the day after activation. */
export function DateRangeFields<T extends FieldValues>({
  control,
  idPrefix,
  errors,
  onActivationChosen,
}: DateRangeFieldsProps<T>) {
  const activation = useWatch({ control, name: 'activation' as Path<T> }) as Date | null;
  return (
    <Row className="g-0 g-sm-3">
      <Col sm={6}>
        <Controller
          control={control}
          name={'activation' as Path<T>}
          render={({ field }) => (
            <DateField
              id={`${idPrefix}-activation`}
              label="Activation date"
              value={(field.value as Date | null) ?? null}
              onChange={(date) => {
                field.onChange(date);
                onActivationChosen();
              }}
              onBlur={field.onBlur}
              error={errors.activation}
            />
          )}
        />
      </Col>
      <Col sm={6}>
        <Controller
          control={control}
          name={'expiry' as Path<T>}
          render={({ field }) => (
            <DateField
              id={`${idPrefix}-expiry`}
              label="Expiry date"
              value={(field.value as Date | null) ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              minDate={earliestExpiry(activation)}
              error={errors.expiry}
            />
          )}
        />
      </Col>
    </Row>
  );
}
