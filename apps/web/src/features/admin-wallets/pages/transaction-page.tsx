import type { AdminWalletTransaction } from '@bagshop/shared/schemas/wallet';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { FiArrowLeft, FiExternalLink } from 'react-icons/fi';
import { Link, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAdminTransactionQuery } from '../api.ts';
import { SignedAmount, showDateTime, TypeBadge } from '../components/transaction-parts.tsx';
import { transactionSource } from '../transaction-rules.ts';
import { WALLETS_TEXT } from '../wallets-messages.ts';

/** docs/product.md §2 Admin transaction detail. */
export function AdminTransactionPage() {
  usePageTitle('Transaction');
  const { transactionId = '' } = useParams();
  const { data, isLoading, isFetching, error, refetch } = useAdminTransactionQuery(transactionId, {
    refetchOnMountOrArgChange: true,
  });

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingState text="Loading the transaction…" />;
  } else if (errorStatus(error) === 404 || (!error && !data?.transaction)) {
    body = <LoadFailed message={WALLET_MSG.transactionNotFound} notFound />;
  } else if (error || !data) {
    body = (
      <LoadFailed
        message={errorMessage(error, WALLETS_TEXT.loadFailed)}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = <TransactionDetail transaction={data.transaction} />;
  }

  return (
    <div className="admin-form mx-auto">
      <Link to="/admin/wallets" className="d-inline-flex align-items-center gap-1 mb-3 text-brand text-decoration-none">
        <FiArrowLeft aria-hidden="true" />
        Back to wallets
      </Link>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-3 p-md-4">
          <h1 className="h4 mb-4">Transaction details</h1>
          {body}
        </Card.Body>
      </Card>
    </div>
  );
}

export function TransactionDetail({ transaction: t }: { transaction: AdminWalletTransaction }) {
  const source = transactionSource(t.transactionType);
  return (
    <>
      <Alert variant={source.variant} className="d-flex flex-column mb-4" data-testid="transaction-source">
        <strong>{source.label}</strong>
        <span className="small">{source.note}</span>
      </Alert>
      <dl className="row mb-0">
        <dt className="col-sm-4">Transaction ID</dt>
        <dd className="col-sm-8 text-break font-monospace small">{t.transactionId}</dd>
        <dt className="col-sm-4">User</dt>
        <dd className="col-sm-8 text-break">
          {t.user.name}
          <br />
          <EmailText email={t.user.email} className="text-muted small" />
        </dd>
        <dt className="col-sm-4">Date</dt>
        <dd className="col-sm-8">{showDateTime(t.createdAt)}</dd>
        <dt className="col-sm-4">Type</dt>
        <dd className="col-sm-8">
          <TypeBadge type={t.transactionType} />
        </dd>
        <dt className="col-sm-4">Amount</dt>
        <dd className="col-sm-8">
          <SignedAmount amount={t.amount} />
        </dd>
        <dt className="col-sm-4">Description</dt>
        <dd className="col-sm-8 text-break">{t.description}</dd>
      </dl>
      {t.orderButton ? (
        <Link to={`/admin/orders/edit/${t.orderButton}`} className="btn btn-outline-brand mt-3">
          <FiExternalLink aria-hidden="true" className="me-1" />
          View Order
        </Link>
      ) : null}
    </>
  );
}
