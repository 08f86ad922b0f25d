import { AUDIT_MSG, type AuditQuery } from '@bagshop/shared/audit';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Card } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { useClampPage } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminAuditQuery } from '../api.ts';
import { type AuditFilterField, auditSearch, readAuditQuery } from '../audit-query.ts';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';

/** /admin/audit — every administrator's write, newest first, filtered by admin, kind and shop days. */
export function AuditPage() {
  usePageTitle(AUDIT_MSG.title);
  const [params, setParams] = useSearchParams();
  const { query, errors } = useMemo(() => readAuditQuery(params), [params]);
  const { data, error, isLoading, isFetching, refetch } = useAdminAuditQuery(query, {
    refetchOnMountOrArgChange: true,
  });
  useClampPage(query.page, data?.pages);

  const update = useCallback(
    (changes: Partial<AuditQuery>) => setParams(auditSearch({ ...query, ...changes }), { replace: true }),
    [query, setParams],
  );
  const filter = (changes: Partial<Record<AuditFilterField, string | undefined>>) =>
    update({ ...(changes as Partial<AuditQuery>), page: 1 });

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading the audit log…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        className="m-3"
        message={errorMessage(error, AUDIT_MSG.loadFailed)}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  } else if (data.entries.length === 0) {
    const filtered = Boolean(query.adminId || query.kind || query.startDate || query.endDate);
    body = <EmptyState title={filtered ? AUDIT_MSG.noEntries : AUDIT_MSG.nothingYet} />;
  } else {
    body = <AuditTable entries={data.entries} />;
  }

  return (
    <>
      <div className="mb-3">
        <h1 className="h3 mb-0">{AUDIT_MSG.title}</h1>
        <p className="text-muted small mb-0" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'entry' : 'entries'}` : 'Every change made by an administrator'}
          <Updating busy={isFetching && !isLoading} />
        </p>
      </div>
      <AuditFilters query={query} admins={data?.admins ?? []} errors={errors} onChange={filter} />
      <Card className="shadow-sm border-0">
        <Card.Body className="p-2 p-md-3">{body}</Card.Body>
      </Card>
      {data ? (
        <div className="mt-3">
          <ListPagination
            page={Math.min(query.page, Math.max(1, data.pages))}
            pages={data.pages}
            onChange={(page) => update({ page })}
          />
        </div>
      ) : null}
    </>
  );
}
