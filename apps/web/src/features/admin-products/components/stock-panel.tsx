import { SHOP_TIME_ZONE } from '@bagshop/shared/limits';
import {
  type LowStockThresholdInput,
  lowStockThresholdSchema,
  type StockAdjustmentInput,
  type StockMovementDto,
  stockAdjustmentSchema,
} from '@bagshop/shared/schemas/stock';
import { ADJUSTMENT_REASONS, LEDGER_PAGE_SIZE, STOCK_MSG, STOCK_REASON_LABELS } from '@bagshop/shared/stock';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useAdjustStockMutation, useSetLowStockThresholdMutation, useStockLedgerQuery } from '../api.ts';

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});
const units = new Intl.NumberFormat('en-IN', { signDisplay: 'exceptZero' });

const REASON_OPTIONS = ADJUSTMENT_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }));

type AdjustmentValues = z.output<typeof stockAdjustmentSchema>;
type ThresholdValues = z.output<typeof lowStockThresholdSchema>;

/** The product's stock on its page (docs/decisions/049-stock-ledger.md): threshold, a manual adjustment, the ledger. */
export function StockPanel({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const ledger = useStockLedgerQuery({ id: productId, page });
  const data = ledger.data;
  return (
    <Card className="mt-4" as="section" aria-labelledby="stock-heading">
      <Card.Body>
        <h2 id="stock-heading" className="h5 d-flex align-items-center">
          {STOCK_MSG.ledgerTitle}
          <Updating busy={ledger.isFetching && !ledger.isLoading} />
        </h2>
        {ledger.isLoading ? (
          <LoadingState text="Loading the stock ledger…" />
        ) : ledger.error || !data ? (
          <LoadFailed
            message={errorMessage(ledger.error, STOCK_MSG.ledgerLoadFailed)}
            onRetry={() => ledger.refetch()}
            retrying={ledger.isFetching}
          />
        ) : (
          <>
            <p className="mb-3">
              In stock: <strong data-testid="stock-now">{data.stock}</strong>
              {data.stock <= data.threshold ? (
                <Badge bg="warning" text="dark" className="ms-2">
                  {STOCK_MSG.lowStockTitle}
                </Badge>
              ) : null}
            </p>
            <Row className="g-4">
              <Col lg={7}>
                <AdjustmentForm productId={productId} onAdjusted={() => setPage(1)} />
              </Col>
              <Col lg={5}>
                <ThresholdForm key={data.threshold} productId={productId} threshold={data.threshold} />
              </Col>
            </Row>
            <LedgerTable rows={data.rows} page={data.page} total={data.total} />
            <ListPagination page={data.page} pages={data.pages} onChange={setPage} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function LedgerTable({ rows, page, total }: { rows: StockMovementDto[]; page: number; total: number }) {
  if (rows.length === 0) return <EmptyState title={STOCK_MSG.ledgerEmpty} />;
  const from = (page - 1) * LEDGER_PAGE_SIZE + 1;
  const caption = STOCK_MSG.ledgerShowing(from, from + rows.length - 1, total);
  return (
    <ScrollRegion label={caption} className="mt-4">
      <Table size="sm" striped className="align-middle mb-2" aria-label={STOCK_MSG.ledgerTitle}>
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When (India time)</th>
            <th scope="col">Reason</th>
            <th scope="col" className="text-end">
              Change
            </th>
            <th scope="col">Before → after</th>
            <th scope="col">Who</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              <td className="text-nowrap">{timeFormat.format(new Date(row.createdAt))}</td>
              <td>
                {STOCK_REASON_LABELS[row.reason]}
                {row.orderNumber ? <div className="small text-muted">Order {row.orderNumber}</div> : null}
              </td>
              <td className={`text-end fw-semibold ${row.delta < 0 ? 'text-danger' : 'text-success'}`}>
                {units.format(row.delta)}
              </td>
              <td className="text-nowrap">
                {row.before} → {row.after}
              </td>
              <td>{row.by ?? STOCK_MSG.byShop}</td>
              <td className="text-break">{row.note}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

const EMPTY_ADJUSTMENT: StockAdjustmentInput = {
  delta: '',
  reason: '' as StockAdjustmentInput['reason'],
  note: '',
};

function AdjustmentForm({ productId, onAdjusted }: { productId: string; onAdjusted: () => void }) {
  const [adjustStock] = useAdjustStockMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StockAdjustmentInput, unknown, AdjustmentValues>({
    resolver: zodResolver(stockAdjustmentSchema) as Resolver<StockAdjustmentInput, unknown, AdjustmentValues>,
    defaultValues: EMPTY_ADJUSTMENT,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await adjustStock({ id: productId, body: values }).unwrap();
      toast.success(answer.message);
      reset(EMPTY_ADJUSTMENT);
      onAdjusted();
    } catch (failure) {
      toast.error(errorMessage(failure, STOCK_MSG.adjustFailed));
      const fields = fieldErrors(failure);
      for (const field of ['delta', 'reason', 'note'] as const) {
        if (fields[field]) setError(field, { message: fields[field] });
      }
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="adjust-heading">
      <h3 id="adjust-heading" className="h6">
        {STOCK_MSG.adjustTitle}
      </h3>
      <Row className="g-2">
        <Col sm={6}>
          <TextField
            id="stock-delta"
            label={STOCK_MSG.deltaLabel}
            inputMode="numeric"
            registration={register('delta')}
            error={errors.delta?.message}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id="stock-reason"
            label={STOCK_MSG.reasonLabel}
            placeholder="Choose…"
            options={REASON_OPTIONS}
            registration={register('reason')}
            error={errors.reason?.message}
          />
        </Col>
      </Row>
      <TextField
        id="stock-note"
        label={STOCK_MSG.noteLabel}
        registration={register('note')}
        error={errors.note?.message}
        maxLength={200}
      />
      <Button type="submit" variant="brand" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {STOCK_MSG.adjust}
      </Button>
    </Form>
  );
}

function ThresholdForm({ productId, threshold }: { productId: string; threshold: number }) {
  const [setThreshold] = useSetLowStockThresholdMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LowStockThresholdInput, unknown, ThresholdValues>({
    resolver: zodResolver(lowStockThresholdSchema) as Resolver<LowStockThresholdInput, unknown, ThresholdValues>,
    defaultValues: { threshold: String(threshold) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await setThreshold({ id: productId, body: values }).unwrap();
      toast.success(answer.message);
    } catch (failure) {
      toast.error(errorMessage(failure, STOCK_MSG.thresholdFailed));
      const fields = fieldErrors(failure);
      if (fields.threshold) setError('threshold', { message: fields.threshold });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="threshold-heading">
      <h3 id="threshold-heading" className="h6">
        {STOCK_MSG.thresholdTitle}
      </h3>
      <TextField
        id="stock-threshold"
        label={STOCK_MSG.thresholdLabel}
        inputMode="numeric"
        registration={register('threshold')}
        error={errors.threshold?.message}
        hint={STOCK_MSG.thresholdHint}
      />
      <Button type="submit" variant="outline-brand" disabled={isSubmitting}>
        {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {STOCK_MSG.thresholdSave}
      </Button>
    </Form>
  );
}
