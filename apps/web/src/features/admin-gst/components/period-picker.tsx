import { GST_PAGE_MSG } from '@bagshop/shared/gst/gst-page-messages';
import { GST_PERIOD_PATTERN, gstMonthOf, gstPeriodOf, gstQuarterOf } from '@bagshop/shared/gst/periods';
import { GST_MSG } from '@bagshop/shared/schemas/gst';
import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';

type Mode = 'month' | 'quarter';
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
/** GST began in 2017; the shop's return periods start there (gstPeriodOf). */
const FIRST_YEAR = 2017;

interface Choice {
  mode: Mode;
  month: string;
  quarter: string;
  year: string;
}

/** The controls' values for a period on screen: a month, or a quarter and its year; each side prefilled. */
function choiceOf(period: string): Choice {
  const match = GST_PERIOD_PATTERN.exec(period);
  if (!match) return { mode: 'month', month: '', quarter: 'Q1', year: String(new Date().getFullYear()) };
  const [, year, part] = match;
  const quarter = gstQuarterOf(period).slice(5);
  if (part.startsWith('Q')) {
    const lastMonth = String(Number(part.slice(1)) * 3).padStart(2, '0');
    return { mode: 'quarter', month: `${year}-${lastMonth}`, quarter, year };
  }
  return { mode: 'month', month: period, quarter, year };
}

const periodOf = (choice: Choice) => (choice.mode === 'month' ? choice.month : `${choice.year}-${choice.quarter}`);

interface PeriodPickerProps {
  /** The period on screen (from the URL). */
  period: string;
  /** Why the period of the URL cannot be shown, if it cannot. */
  error?: string;
  onApply: (period: string) => void;
}

/** A month (`<input type="month">`) or a quarter with its year, shown once Apply is pressed. */
export function PeriodPicker({ period, error, onApply }: PeriodPickerProps) {
  const [choice, setChoice] = useState(() => choiceOf(period));
  const [problem, setProblem] = useState<string | undefined>();
  const thisMonth = gstMonthOf(new Date());
  const lastYear = Math.max(Number(thisMonth.slice(0, 4)), Number(choice.year) || 0);
  const years = Array.from({ length: lastYear - FIRST_YEAR + 1 }, (_, i) => String(lastYear - i));

  // Back/forward or a shared link changes the period: the controls follow it.
  useEffect(() => {
    setChoice(choiceOf(period));
    setProblem(undefined);
  }, [period]);

  const set = (change: Partial<Choice>) => {
    setChoice((current) => ({ ...current, ...change }));
    setProblem(undefined);
  };

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = periodOf(choice);
    if (gstPeriodOf(next) === null) {
      setProblem(GST_MSG.periodInvalid);
      return;
    }
    onApply(next);
  }

  const message = problem ?? error;
  return (
    <section className="card border-0 shadow-sm mb-3" aria-labelledby="gst-period-title">
      <Form noValidate onSubmit={apply} className="card-body p-3">
        <fieldset>
          <legend id="gst-period-title" className="h6 mb-2">
            {GST_PAGE_MSG.periodHeading}
          </legend>
          <div className="mb-2">
            <Form.Check
              inline
              type="radio"
              id="gst-mode-month"
              name="gst-mode"
              label={GST_PAGE_MSG.monthChoice}
              checked={choice.mode === 'month'}
              onChange={() => set({ mode: 'month' })}
            />
            <Form.Check
              inline
              type="radio"
              id="gst-mode-quarter"
              name="gst-mode"
              label={GST_PAGE_MSG.quarterChoice}
              checked={choice.mode === 'quarter'}
              onChange={() => set({ mode: 'quarter' })}
            />
          </div>
          <div className="d-flex flex-wrap align-items-end gap-2">
            {choice.mode === 'month' ? (
              <Form.Group controlId="gst-month">
                <Form.Label className="small mb-1">{GST_PAGE_MSG.monthLabel}</Form.Label>
                <Form.Control
                  type="month"
                  min={`${FIRST_YEAR}-01`}
                  max={thisMonth}
                  value={choice.month}
                  onChange={(event) => set({ month: event.target.value })}
                  isInvalid={Boolean(message)}
                  aria-describedby={message ? 'gst-period-error' : undefined}
                />
              </Form.Group>
            ) : (
              <>
                <Form.Group controlId="gst-quarter">
                  <Form.Label className="small mb-1">{GST_PAGE_MSG.quarterLabel}</Form.Label>
                  <Form.Select
                    value={choice.quarter}
                    onChange={(event) => set({ quarter: event.target.value })}
                    isInvalid={Boolean(message)}
                    aria-describedby={message ? 'gst-period-error' : undefined}
                  >
                    {QUARTERS.map((quarter) => (
                      <option key={quarter} value={quarter}>
                        {GST_PAGE_MSG.quarterOptions[quarter]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group controlId="gst-year">
                  <Form.Label className="small mb-1">{GST_PAGE_MSG.yearLabel}</Form.Label>
                  <Form.Select value={choice.year} onChange={(event) => set({ year: event.target.value })}>
                    {years.map((year) => (
                      <option key={year} value={year}>
                        {year}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </>
            )}
            <Button type="submit" variant="brand">
              {GST_PAGE_MSG.apply}
            </Button>
          </div>
          {message ? (
            <p id="gst-period-error" className="text-danger small mt-2 mb-0" role="alert">
              {message}
            </p>
          ) : null}
        </fieldset>
      </Form>
    </section>
  );
}
