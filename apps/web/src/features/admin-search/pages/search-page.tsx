import { SEARCH_LIMITS, SEARCH_MSG, type SynonymsAnswer } from '@bagshop/shared/schemas/search';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button, Card, Form, Table } from 'react-bootstrap';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSaveSearchSynonymsMutation, useSearchesWithoutResultsQuery, useSearchSynonymsQuery } from '../api.ts';

type Row = SynonymsAnswer['synonyms'][number] & { key: number };

let nextKey = 0;
const rowsOf = (answer: SynonymsAnswer): Row[] => answer.synonyms.map((s) => ({ ...s, key: nextKey++ }));

/** /admin/search: the synonyms shoppers' words are given, and what they searched for without finding anything. */
/** One side of a synonym: the word shoppers type, or what it means. */
const SYNONYM_PARTS = {
  word: { label: SEARCH_MSG.synonymWord, max: SEARCH_LIMITS.synonymWord },
  means: { label: SEARCH_MSG.synonymMeans, max: SEARCH_LIMITS.synonymMeans },
} as const;

function SynonymField({
  row,
  index,
  part,
  error,
  onChange,
}: {
  row: Row;
  index: number;
  part: keyof typeof SYNONYM_PARTS;
  error: string | undefined;
  onChange: (key: number, field: keyof typeof SYNONYM_PARTS, value: string) => void;
}) {
  const { label, max } = SYNONYM_PARTS[part];
  return (
    <Form.Group className="flex-grow-1" style={{ minWidth: '8rem' }} controlId={`synonym-${part}-${row.key}`}>
      <Form.Label className="visually-hidden">{`${label} ${index + 1}`}</Form.Label>
      <Form.Control
        value={row[part]}
        placeholder={label}
        maxLength={max}
        isInvalid={Boolean(error)}
        onChange={(e) => onChange(row.key, part, e.target.value)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

export function SearchPage() {
  usePageTitle(SEARCH_MSG.screenTitle);
  return (
    <>
      <h1 className="h3 mb-3">{SEARCH_MSG.screenTitle}</h1>
      <SynonymsCard />
      <NoResultsCard />
    </>
  );
}

function SynonymsCard() {
  const { data, error, isLoading, isFetching, refetch } = useSearchSynonymsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [save, { isLoading: saving }] = useSaveSearchSynonymsMutation();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setRows(rowsOf(data));
  }, [data]);

  const change = (key: number, field: 'word' | 'means', value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save({ synonyms: rows.map(({ word, means }) => ({ word, means })) }).unwrap();
      toast.success(SEARCH_MSG.synonymsSaved);
    } catch (failure) {
      setErrors(fieldErrors(failure));
      toast.error(errorMessage(failure, SEARCH_MSG.synonymsSaveFailed));
    }
  };
  const errorAt = (index: number, field: string) =>
    errors[`synonyms.${index}.${field}`] ?? (field === 'word' ? errors[`synonyms.${index}`] : undefined);

  let body: ReactNode;
  if (isLoading) body = <LoadingState text="Loading synonyms…" />;
  else if (error || !data) {
    body = <LoadFailed message={SEARCH_MSG.synonymsLoadFailed} onRetry={() => refetch()} retrying={isFetching} />;
  } else {
    body = (
      <Form onSubmit={submit} noValidate aria-label={SEARCH_MSG.synonymsTitle}>
        {rows.length === 0 && <p className="text-muted">{SEARCH_MSG.noSynonyms}</p>}
        {rows.map((row, index) => (
          <div key={row.key} className="d-flex flex-wrap align-items-start gap-2 mb-2" data-testid="synonym-row">
            <SynonymField row={row} index={index} part="word" error={errorAt(index, 'word')} onChange={change} />
            <span className="pt-2" aria-hidden="true">
              →
            </span>
            <SynonymField row={row} index={index} part="means" error={errorAt(index, 'means')} onChange={change} />
            <Button
              variant="outline-danger"
              aria-label={`${SEARCH_MSG.removeSynonym} ${row.word || index + 1}`}
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              <FiTrash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button
            variant="outline-brand"
            disabled={rows.length >= SEARCH_LIMITS.synonyms}
            onClick={() => setRows((current) => [...current, { word: '', means: '', key: nextKey++ }])}
          >
            <FiPlus aria-hidden="true" className="me-1" />
            {SEARCH_MSG.addSynonym}
          </Button>
          <Button type="submit" variant="brand" disabled={saving}>
            {saving ? 'Saving…' : SEARCH_MSG.saveSynonyms}
          </Button>
        </div>
      </Form>
    );
  }
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{SEARCH_MSG.synonymsTitle}</h2>
        <p className="text-muted small">{SEARCH_MSG.synonymsHelp}</p>
        {body}
      </Card.Body>
    </Card>
  );
}

function NoResultsCard() {
  const { data, error, isLoading, isFetching, refetch } = useSearchesWithoutResultsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  let body: ReactNode;
  if (isLoading) body = <LoadingState text="Loading searches…" />;
  else if (error || !data) {
    body = <LoadFailed message={SEARCH_MSG.noResultsLoadFailed} onRetry={() => refetch()} retrying={isFetching} />;
  } else if (data.searches.length === 0) {
    body = <EmptyState title={SEARCH_MSG.noResultsEmpty} />;
  } else {
    body = (
      <div className="table-responsive">
        <Table size="sm" className="mb-0" aria-labelledby="no-results-title">
          <thead>
            <tr>
              <th scope="col">Search</th>
              <th scope="col" className="text-end">
                {SEARCH_MSG.searchesColumn}
              </th>
              <th scope="col">{SEARCH_MSG.lastSearchedColumn}</th>
            </tr>
          </thead>
          <tbody>
            {data.searches.map((s) => (
              <tr key={s.query}>
                <td style={{ overflowWrap: 'anywhere' }}>{s.query}</td>
                <td className="text-end">{s.searches.toLocaleString('en-IN')}</td>
                <td>{indiaDay(s.lastDay)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );
  }
  return (
    <Card>
      <Card.Body>
        <h2 className="h5" id="no-results-title">
          {SEARCH_MSG.noResultsTitle}
        </h2>
        <p className="text-muted small">{SEARCH_MSG.noResultsHelp}</p>
        {body}
      </Card.Body>
    </Card>
  );
}

/** A calendar day of India time as the admin area writes dates: 2 Dec 2026. */
const indiaDay = (day: string) =>
  new Date(`${day}T00:00:00+05:30`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
