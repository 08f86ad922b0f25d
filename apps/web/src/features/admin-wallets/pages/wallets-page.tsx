import type { ReactNode } from 'react';
import { Card, Table } from 'react-bootstrap';
import { FiChevronRight } from 'react-icons/fi';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors.ts';
import { EmptyState, LoadFailed, LoadingState, Updating } from '../../../components/load-states.tsx';
import { ListPagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useClampPage, useListParams } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { type AdminTransaction, useAdminTransactionsQuery } from '../api.ts';
import { SignedAmount, showDateTime, TypeBadge } from '../components/transaction-parts.tsx';
import { WALLETS_TEXT } from '../wallets-messages.ts';

const detailPath = (t: AdminTransaction) => `/admin/wallets/edit/${encodeURIComponent(t.transactionId)}`;

/** Admin wallets (docs/product.md §2 Admin): every wallet transaction, newest first, pages of six, search by user. */
export function AdminWalletsPage() {
  usePageTitle('Wallets');
  const list = useListParams();
  const { data, isLoading, isFetching, error, refetch } = useAdminTransactionsQuery(
    { keyword: list.keyword || undefined, page: list.page },
    { refetchOnMountOrArgChange: true },
  );
  useClampPage(list.page, data?.pages);
  const transactions = data?.transactions ?? [];

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading transactions…" />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        className="m-3"
        message={errorMessage(error, WALLETS_TEXT.listFailed)}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  } else if (transactions.length === 0) {
    body = <EmptyState title={WALLETS_TEXT.none} />;
  } else {
    body = <TransactionsTable transactions={transactions} />;
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h3 mb-0">Wallets</h1>
          {data ? (
            <p className="text-muted small mb-0">
              {data.total} {data.total === 1 ? 'transaction' : 'transactions'}
              {list.keyword ? ` matching “${list.keyword}”` : ''}
              <Updating busy={isFetching} />
            </p>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2 admin-list-tools">
          <SearchBox
            id="wallets-search"
            className="admin-list-search"
            label="Search transactions by user"
            placeholder="Search by user name or email"
            value={list.search}
            onChange={list.setSearch}
          />
        </div>
      </div>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-2 p-md-3">{body}</Card.Body>
      </Card>
      {data ? (
        <div className="mt-3">
          <ListPagination page={Math.min(list.page, Math.max(1, data.pages))} pages={data.pages} onChange={list.goTo} />
        </div>
      ) : null}
    </>
  );
}

/** A table on wide screens, one card per transaction on phones. */
export function TransactionsTable({ transactions }: { transactions: AdminTransaction[] }) {
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">User</th>
              <th scope="col">Type</th>
              <th scope="col">Amount</th>
              <th scope="col">Description</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((t) => (
              <tr key={t.transactionId}>
                <td className="text-nowrap small">{showDateTime(t.createdAt)}</td>
                <td>
                  <span className="fw-semibold d-block">{t.user.name}</span>
                  <span className="small text-muted text-break">{t.user.email}</span>
                </td>
                <td>
                  <TypeBadge type={t.transactionType} />
                </td>
                <td>
                  <SignedAmount amount={t.amount} />
                </td>
                <td className="small text-break">{t.description}</td>
                <td>
                  <Link
                    to={detailPath(t)}
                    className="btn btn-sm btn-outline-brand text-nowrap"
                    aria-label={`View transaction of ${t.user.name} on ${showDateTime(t.createdAt)}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ul className="list-unstyled d-md-none mb-0 d-grid gap-2" aria-label="Transactions">
        {transactions.map((t) => (
          <li key={t.transactionId}>
            <Link to={detailPath(t)} className="card shadow-sm text-reset text-decoration-none">
              <div className="card-body d-flex align-items-center gap-2">
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <div className="d-flex justify-content-between gap-2 flex-wrap">
                    <TypeBadge type={t.transactionType} />
                    <SignedAmount amount={t.amount} />
                  </div>
                  <p className="mb-0 mt-1 fw-semibold text-break">{t.user.name}</p>
                  <p className="small mb-0 text-break">{t.description}</p>
                  <p className="small text-muted mb-0">{showDateTime(t.createdAt)}</p>
                </div>
                <FiChevronRight aria-hidden="true" />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
