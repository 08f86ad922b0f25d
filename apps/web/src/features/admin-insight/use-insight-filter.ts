import type { InsightQuery } from '@bagshop/shared/insight';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/api.ts';
import { insightSearch } from '../../api/insight-api.ts';
import { useAdminSalesEvents } from '../../api/socket.ts';
import { pageFromParam } from '../../components/use-list-params.ts';
import { useAppDispatch } from '../../store/store.ts';
import { readInsightQuery } from './insight-query.ts';

/**
 * The period of the dashboard and the sales report (and the report's page of order rows), kept in the URL so a
 * reload or a bookmark keeps it. Another period starts again at the first page.
 */
export function useInsightFilter() {
  const [params, setParams] = useSearchParams();
  const { query, errors } = useMemo(() => readInsightQuery(params), [params]);
  const page = pageFromParam(params.get('page'));
  const choose = useCallback((next: InsightQuery) => setParams(new URLSearchParams(insightSearch(next))), [setParams]);
  const goToPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const nextParams = new URLSearchParams(current);
        nextParams.set('page', String(next));
        return nextParams;
      }),
    [setParams],
  );
  const valid = Object.keys(errors).length === 0;
  return { query, errors, valid, search: insightSearch(query), choose, page, goToPage };
}

/** Events of one burst (several items of an order changed together) lead to one fetch. */
const REFRESH_DELAY_MS = 300;

/** Figures change when an order is paid or an item is cancelled, returned or delivered: fetch them again. */
export function useInsightLiveRefresh() {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useAdminSalesEvents(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => dispatch(api.util.invalidateTags(['Insight'])), REFRESH_DELAY_MS);
  });
}
