import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DELAY_MS = 400;

/** The page number in a list's URL (?page=); anything but a whole number from 1 up is page 1. */
export function pageFromParam(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
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
      setParams(typed ? { keyword: typed, page: '1' } : { page: '1' }, { replace: true });
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
