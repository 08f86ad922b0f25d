import type { InsightQuery } from '@bagshop/shared/insight';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/api.ts';
import { useAdminSalesEvents } from '../../api/socket.ts';
import { useAppDispatch } from '../../app/store.ts';
import { insightSearch, readInsightQuery } from './insight-query.ts';

/** The period of the dashboard and the sales report, kept in the URL so a reload or a bookmark keeps it. */
export function useInsightFilter() {
  const [params, setParams] = useSearchParams();
  const { query, errors } = useMemo(() => readInsightQuery(params), [params]);
  const choose = useCallback((next: InsightQuery) => setParams(new URLSearchParams(insightSearch(next))), [setParams]);
  return { query, errors, valid: Object.keys(errors).length === 0, search: insightSearch(query), choose };
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
