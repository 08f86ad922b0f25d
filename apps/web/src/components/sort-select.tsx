import type { AdminPageSize, SortDirection } from '@bagshop/shared/schemas/admin-lists';
import { Form } from 'react-bootstrap';
import { PageSizeSelect } from './page-size-select.tsx';

/** How a column's values read in order, which names its two directions: 'A to Z', 'low to high', 'oldest first'. */
export type SortKind = 'text' | 'number' | 'date';

export interface SortOption<S extends string> {
  column: S;
  /** The column's heading, e.g. 'Name'. */
  label: string;
  kind: SortKind;
}

const DIRECTION_WORDS: Record<SortKind, Record<SortDirection, string>> = {
  text: { asc: 'A to Z', desc: 'Z to A' },
  number: { asc: 'low to high', desc: 'high to low' },
  date: { asc: 'oldest first', desc: 'newest first' },
};

/** Names read A to Z first; dates and amounts start with the newest and the largest. */
const FIRST_DIRECTION: Record<SortKind, readonly SortDirection[]> = {
  text: ['asc', 'desc'],
  number: ['desc', 'asc'],
  date: ['desc', 'asc'],
};

/** 'Name: A to Z', 'Price: high to low', 'Added: newest first'. */
export function sortChoiceLabel(option: SortOption<string>, dir: SortDirection): string {
  return `${option.label}: ${DIRECTION_WORDS[option.kind][dir]}`;
}

interface SortSelectProps<S extends string> {
  id: string;
  options: readonly SortOption<S>[];
  sort: S;
  dir: SortDirection;
  onChange: (column: S, dir: SortDirection) => void;
}

/**
 * "Sort by" for phones, where the list shows cards and the sortable column headings are hidden: one choice names the
 * column and the direction, and drives the same ?sort=&dir= as the headings.
 */
export function SortSelect<S extends string>({ id, options, sort, dir, onChange }: SortSelectProps<S>) {
  const choices = options.flatMap((option) =>
    FIRST_DIRECTION[option.kind].map((direction) => ({
      value: `${option.column}:${direction}`,
      label: sortChoiceLabel(option, direction),
      column: option.column,
      direction,
    })),
  );
  return (
    <Form.Group controlId={id} className="d-flex d-md-none align-items-center gap-2 sort-select">
      <Form.Label className="mb-0 small text-nowrap">Sort by</Form.Label>
      <Form.Select
        size="sm"
        value={`${sort}:${dir}`}
        onChange={(e) => {
          const choice = choices.find((c) => c.value === e.target.value);
          if (choice) onChange(choice.column, choice.direction);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

interface ListViewToolsProps<S extends string> {
  /** Prefix of the controls' ids, e.g. 'offers' gives offers-page-size and offers-sort. */
  idPrefix: string;
  options: readonly SortOption<S>[];
  view: {
    pageSize: AdminPageSize;
    sort: S;
    dir: SortDirection;
    setPageSize: (size: AdminPageSize) => void;
    setSort: (column: S, dir: SortDirection) => void;
  };
}

/** Rows per page and, on phones, the sort choice: what every sortable admin list shows beside its search. */
export function ListViewTools<S extends string>({ idPrefix, options, view }: ListViewToolsProps<S>) {
  return (
    <>
      <PageSizeSelect id={`${idPrefix}-page-size`} value={view.pageSize} onChange={view.setPageSize} />
      <SortSelect id={`${idPrefix}-sort`} options={options} sort={view.sort} dir={view.dir} onChange={view.setSort} />
    </>
  );
}
