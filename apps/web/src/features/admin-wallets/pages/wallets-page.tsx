import { WALLET_SORTS, type WalletSort } from '@bagshop/shared/schemas/admin-lists';
import type { AdminWalletTransaction } from '@bagshop/shared/schemas/wallet';
import { Table } from 'react-bootstrap';
import { FiChevronRight } from 'react-icons/fi';
import { Link } from 'react-router';
import { AdminList } from '../../../components/admin-list.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { SortHeader, sortableBy } from '../../../components/sort-header.tsx';
import { ListViewTools, type SortOption } from '../../../components/sort-select.tsx';
import { useListParams, useListView } from '../../../components/use-list-params.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminTransactionsQuery } from '../api.ts';
import { SignedAmount, showDateTime, TypeBadge } from '../components/transaction-parts.tsx';
import { WALLETS_TEXT } from '../wallets-messages.ts';

/** The columns the list sorts by, as the headings and the phone's sort control name them. */
export const WALLET_SORT_OPTIONS: SortOption<WalletSort>[] = [
  { column: 'createdAt', label: 'Date', kind: 'date' },
  { column: 'customer', label: 'User', kind: 'text' },
  { column: 'amount', label: 'Amount', kind: 'number' },
];

const detailPath = (t: AdminWalletTransaction) => `/admin/wallets/edit/${encodeURIComponent(t.transactionId)}`;

/**
 * Admin wallets (docs/product.md §2 Admin): every wallet transaction, newest first unless sorted by user or amount,
 * 6/25/50/100 a page, search by user (docs/decisions/029-admin-lists.md).
 */
export function AdminWalletsPage() {
  usePageTitle('Wallets');
  const list = useListParams();
  const view = useListView(WALLET_SORTS);
  const result = useAdminTransactionsQuery(
    { keyword: list.keyword || undefined, page: list.page, limit: view.pageSize, sort: view.sort, dir: view.dir },
    { refetchOnMountOrArgChange: true },
  );
  const transactions = result.data?.transactions ?? [];

  return (
    <AdminList
      title="Wallets"
      noun={['transaction', 'transactions']}
      searchId="wallets-search"
      searchLabel="Search transactions by user"
      searchPlaceholder="Search by user name or email"
      extraTools={<ListViewTools idPrefix="wallets" options={WALLET_SORT_OPTIONS} view={view} />}
      list={list}
      result={result}
      loadFailed={WALLETS_TEXT.listFailed}
      isEmpty={transactions.length === 0}
      emptyText={WALLETS_TEXT.none}
    >
      <TransactionsTable transactions={transactions} view={view} />
    </AdminList>
  );
}

/** A table on wide screens, one card per transaction on phones. */
export function TransactionsTable({
  transactions,
  view,
}: {
  transactions: AdminWalletTransaction[];
  view: Pick<ReturnType<typeof useListView<WalletSort>>, 'sort' | 'dir' | 'sortBy'>;
}) {
  const sortable = sortableBy(view);
  return (
    <>
      <div className="d-none d-md-block">
        <Table hover responsive className="align-middle mb-0">
          <thead>
            <tr>
              <SortHeader column="createdAt" label="Date" {...sortable} />
              <SortHeader column="customer" label="User" {...sortable} />
              <th scope="col">Type</th>
              <SortHeader column="amount" label="Amount" {...sortable} />
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
                  <EmailText email={t.user.email} className="small text-muted" />
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
