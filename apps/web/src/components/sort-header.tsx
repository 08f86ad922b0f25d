import type { SortDirection } from '@bagshop/shared/schemas/admin-lists';
import { FiArrowDown, FiArrowUp } from 'react-icons/fi';

interface SortHeaderProps<S extends string> {
  column: S;
  label: string;
  sort: S;
  dir: SortDirection;
  onSort: (column: S) => void;
  className?: string;
}

/** A column heading that sorts the list: aria-sort says how it is sorted now, the button turns it around. */
export function SortHeader<S extends string>({ column, label, sort, dir, onSort, className }: SortHeaderProps<S>) {
  const active = sort === column;
  const ariaSort = active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';
  const next = active && dir === 'asc' ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button
        type="button"
        className="btn btn-link p-0 sort-header-button"
        onClick={() => onSort(column)}
        aria-label={`${label}, sort ${next}`}
      >
        {label}
        {active ? (
          dir === 'asc' ? (
            <FiArrowUp aria-hidden="true" className="ms-1" />
          ) : (
            <FiArrowDown aria-hidden="true" className="ms-1" />
          )
        ) : null}
      </button>
    </th>
  );
}

/** The props every SortHeader of a list shares, from the list's URL state (`useListView`). */
export function sortableBy<S extends string>(view: { sort: S; dir: SortDirection; sortBy: (column: S) => void }) {
  return { sort: view.sort, dir: view.dir, onSort: view.sortBy };
}
