import {
  INSIGHT_FILTER_LABELS,
  INSIGHT_FILTERS,
  type InsightFilter,
  type InsightPeriod,
  type InsightQuery,
  insightPeriod,
  periodDaysText,
} from '@bagshop/shared/insight';
import { useEffect, useState } from 'react';
import { Button, Col, Form, Row, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FiCalendar } from 'react-icons/fi';
import { DateField } from '../../../components/date-field.tsx';
import { checkInsightQuery, dateOf, type RangeErrors, ymdOf } from '../insight-query.ts';

const SHORT_LABELS: Record<InsightFilter, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  custom: 'Custom',
};

/** Orders go back years; the pickers otherwise start at today. */
const EARLIEST_DAY = new Date(2000, 0, 1);

interface RangeForm {
  startDate: Date | null;
  endDate: Date | null;
}

const customQuery = (values: RangeForm): InsightQuery => ({
  filter: 'custom',
  startDate: values.startDate ? ymdOf(values.startDate) : undefined,
  endDate: values.endDate ? ymdOf(values.endDate) : undefined,
});

/** The shared period rules (insightQuerySchema), each message under its date. */
const rangeResolver: Resolver<RangeForm> = async (values) => {
  const checked = checkInsightQuery(customQuery(values));
  if (checked.ok) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(checked.errors).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

interface PeriodFilterProps {
  query: InsightQuery;
  /** The period the server resolved; worked out here until it answers. */
  period?: InsightPeriod;
  /** Messages of a hand-edited link or of the server's 400 answer. */
  errors?: RangeErrors;
  onChange: (query: InsightQuery) => void;
}

/** Daily, weekly, monthly, yearly or a custom range, and the days the chosen period covers. */
export function PeriodFilter({ query, period, errors = {}, onChange }: PeriodFilterProps) {
  const [mode, setMode] = useState<InsightFilter>(query.filter);
  const shown = period ?? insightPeriod(query);
  const form = useForm<RangeForm>({
    resolver: rangeResolver,
    defaultValues: { startDate: dateOf(shown.startDate), endDate: dateOf(shown.endDate) },
  });
  const { reset } = form;

  // Back/forward or a new link changes the period: the controls follow it.
  useEffect(() => {
    setMode(query.filter);
    if (query.filter === 'custom') reset({ startDate: dateOf(query.startDate), endDate: dateOf(query.endDate) });
  }, [query.filter, query.startDate, query.endDate, reset]);

  function choose(next: InsightFilter) {
    setMode(next);
    if (next !== 'custom') {
      onChange({ filter: next });
      return;
    }
    if (query.filter !== 'custom') reset({ startDate: dateOf(shown.startDate), endDate: dateOf(shown.endDate) });
  }

  const formErrors = form.formState.errors;
  const fieldError = (field: 'startDate' | 'endDate') =>
    formErrors[field]?.message ?? (mode === query.filter ? errors[field] : undefined);

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="insight-period-title">
      <div className="card-body p-3">
        <h2 id="insight-period-title" className="visually-hidden">
          Period
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2 gap-md-3">
          <ToggleButtonGroup
            type="radio"
            name="insight-filter"
            value={mode}
            onChange={(next: InsightFilter) => choose(next)}
            aria-label="Period"
            className="d-flex d-md-inline-flex"
          >
            {INSIGHT_FILTERS.map((filter) => (
              <ToggleButton
                key={filter}
                id={`insight-filter-${filter}`}
                value={filter}
                variant="outline-brand"
                size="sm"
                className="flex-fill px-2"
                title={INSIGHT_FILTER_LABELS[filter]}
              >
                {SHORT_LABELS[filter]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <p className="mb-0 small text-muted" data-testid="insight-period" aria-live="polite">
            <FiCalendar aria-hidden="true" className="me-1" />
            {INSIGHT_FILTER_LABELS[shown.filter]}: <strong className="text-body">{periodDaysText(shown)}</strong>
          </p>
        </div>
        {errors.filter ? <p className="text-danger small mt-2 mb-0">{errors.filter}</p> : null}
        {mode === 'custom' ? (
          <Form noValidate onSubmit={form.handleSubmit((values) => onChange(customQuery(values)))} className="mt-3">
            <Row className="g-0 g-sm-3 align-items-start">
              <Col sm={5} lg={4}>
                <Controller
                  control={form.control}
                  name="startDate"
                  render={({ field }) => (
                    <DateField
                      id="insight-start-date"
                      label="Start date"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      minDate={EARLIEST_DAY}
                      error={fieldError('startDate')}
                    />
                  )}
                />
              </Col>
              <Col sm={5} lg={4}>
                <Controller
                  control={form.control}
                  name="endDate"
                  render={({ field }) => (
                    <DateField
                      id="insight-end-date"
                      label="End date"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      minDate={EARLIEST_DAY}
                      error={fieldError('endDate')}
                    />
                  )}
                />
              </Col>
              <Col sm={2} className="pt-sm-4 mt-sm-2 mb-3">
                <Button type="submit" variant="brand" className="w-100">
                  Apply
                </Button>
              </Col>
            </Row>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
