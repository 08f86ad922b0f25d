import 'react-datepicker/dist/react-datepicker.css';
import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import { Form } from 'react-bootstrap';
import DatePicker from 'react-datepicker';

/** docs/product.md §9: dates show as day-Mon-year, e.g. 21-Nov-2026. */
export const DATE_FORMAT = 'dd-MMM-yyyy';

const indiaDayParts = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 21-Nov-2026, as the date pickers show it, on the shop's clock in India wherever the browser is; '—' for no date. */
export function showDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    indiaDayParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}
/** docs/product.md §9: the next-day offset. */
export const NEXT_DAY_MS = 86_400_000;

/** Midnight at the start of today, local time: the earliest date a picker offers. */
export function startOfToday(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** The earliest expiry: the day after the activation (docs/product.md §2), never before today. */
export function earliestExpiry(activation: Date | null, today: Date = startOfToday()): Date {
  if (!activation) return today;
  const next = new Date(activation.getTime() + NEXT_DAY_MS);
  return next.getTime() > today.getTime() ? next : today;
}

interface DateFieldProps {
  id: string;
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  onBlur?: () => void;
  /** Earlier days cannot be picked; today when not given. */
  minDate?: Date;
  error?: string;
  placeholder?: string;
}

/** A labelled calendar input; typing a date in the shown format works as well as picking one. */
export function DateField({ id, label, value, onChange, onBlur, minDate, error, placeholder }: DateFieldProps) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <DatePicker
        id={id}
        name={id}
        selected={value}
        onChange={(date: Date | null) => onChange(date)}
        onBlur={onBlur}
        minDate={minDate ?? startOfToday()}
        dateFormat={DATE_FORMAT}
        placeholderText={placeholder ?? 'dd-Mon-yyyy'}
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        wrapperClassName="d-block"
        ariaInvalid={error ? 'true' : undefined}
        ariaDescribedBy={error ? `${id}-error` : undefined}
        showPopperArrow={false}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </Form.Group>
  );
}
