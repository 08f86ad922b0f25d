import {
  type AdminPageSize,
  DEFAULT_ADMIN_PAGE_SIZE,
  isAdminPageSize,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@bagshop/shared/schemas/admin-lists';
import { useEffect, useState } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';

export const SEARCH_DELAY_MS = 400;

/** The page number in a list's URL (?page=); anything but a whole number from 1 up is page 1. */
export function pageFromParam(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The rows per page in a list's URL (?limit=); anything but one of the offered sizes is the default. */
export function pageSizeFromParam(raw: string | null): AdminPageSize {
  const size = Number(raw);
  return raw !== null && isAdminPageSize(size) ? size : DEFAULT_ADMIN_PAGE_SIZE;
}

/** The column a list is sorted by (?sort=&dir=); an unknown column or direction falls back to the list's default. */
export function sortFromParams<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
): { sort: S; dir: SortDirection } {
  const rawSort = params.get('sort');
  const rawDir = params.get('dir');
  const sort = sorts.find((s) => s === rawSort) ?? sorts[0];
  const dir = SORT_DIRECTIONS.find((d) => d === rawDir) ?? 'desc';
  return { sort, dir };
}

/** The next sort after a click on a column header: the same column turns around; a new one starts ascending. */
export function nextSort<S extends string>(current: { sort: S; dir: SortDirection }, column: S) {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' } as const;
  return { sort: column, dir: 'asc' } as const;
}

function changeParams(setParams: SetURLSearchParams, changes: Record<string, string>) {
  setParams((current) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    return next;
  });
}

/**
 * The page size and sorted column of a list, kept in the URL (?limit=&sort=&dir=) beside its page, so reload and
 * back show the same rows. A new size or sort starts again at page 1.
 */
export function useListView<S extends string>(sorts: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const pageSize = pageSizeFromParam(params.get('limit'));
  const { sort, dir } = sortFromParams(params, sorts);
  return {
    pageSize,
    sort,
    dir,
    setPageSize: (size: AdminPageSize) => changeParams(setParams, { limit: String(size), page: '1' }),
    sortBy: (column: S) => {
      const next = nextSort({ sort, dir }, column);
      changeParams(setParams, { sort: next.sort, dir: next.dir, page: '1' });
    },
    /** A column and direction chosen together, as the phone's sort control does. */
    setSort: (column: S, direction: SortDirection) =>
      changeParams(setParams, { sort: column, dir: direction, page: '1' }),
  };
}

/**
 * The search box and page of an admin list, kept in the URL (?keyword=&page=).
 * Typing writes the keyword after a pause and starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const page = pageFromParam(params.get('page'));
  const [search, setSearch] = useState(keyword);

  useEffect(() => {
    const typed = search.trim();
    if (typed === keyword) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          // The page size and sort stay as they are; the new search starts at page 1.
          const next = new URLSearchParams(current);
          if (typed) next.set('keyword', typed);
          else next.delete('keyword');
          next.set('page', '1');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, keyword, setParams]);

  // Back/forward to another keyword shows it in the box.
  useEffect(() => {
    setSearch((current) => (current.trim() === keyword ? current : keyword));
  }, [keyword]);

  function goTo(next: number) {
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      nextParams.set('page', String(next));
      return nextParams;
    });
  }

  return { keyword, page, search, setSearch, goTo };
}

/** Moves a page past the last one (say after deleting the last row) back to the last page. */
export function useClampPage(page: number, lastPage: number | undefined) {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (lastPage && lastPage > 0 && page > lastPage) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(lastPage));
          return next;
        },
        { replace: true },
      );
    }
  }, [lastPage, page, setParams]);
}

/** A path with the given query, leaving out empty values: `/api/x?keyword=tote&sort=name`. */
export function urlWithQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
