import type { WalletTransactionDto } from '@bagshop/shared/schemas/wallet';
import { TOP_UP_RUPEES } from '@bagshop/shared/schemas/wallet-top-up';
import { WALLET_MSG } from '@bagshop/shared/wallet-messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge, Button, Card, Form, ListGroup, Spinner } from 'react-bootstrap';
import { FiArrowDownLeft, FiArrowUpRight, FiCreditCard, FiPlus } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { errorMessage, errorStatus } from '../../../api/errors.ts';
import { useCardPayments } from '../../../api/shop-settings-api.ts';
import { EmptyState, LoadFailed, LoadingState } from '../../../components/load-states.tsx';
import { rupees } from '../../../components/price.tsx';
import { providerOf, useProviderCheckout } from '../../../components/provider-checkout.tsx';
import { RupeeInput } from '../../../components/rupee-input.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { displayName } from '../../../session/session-slice.ts';
import { useAppSelector } from '../../../store/store.ts';
import { useCreateTopUpMutation, useMyWalletQuery, useUpdateWalletMutation } from '../api.ts';
import { WALLET_SCREEN_TEXT as TEXT } from '../wallet-messages.ts';
import { topUpAmount, walletDate } from '../wallet-rules.ts';

/** The warning toast of docs/product.md §5: a title and its explanation. */
export function InvalidAmountToast() {
  return (
    <div>
      <strong className="d-block">{WALLET_MSG.invalidAmountTitle}</strong>
      {WALLET_MSG.enterValidAmount}
    </div>
  );
}

/** docs/product.md §2 My Wallet: balance card, Add Money (§4 top-up) and recent transactions. */
export function WalletPage() {
  usePageTitle('My Wallet');
  const name = useAppSelector((s) => displayName(s.session.userInfo));
  const { data, isLoading, isFetching, error, refetch } = useMyWalletQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [createTopUp] = useCreateTopUpMutation();
  const [updateWallet] = useUpdateWalletMutation();
  const { openCheckout, checkoutDialog } = useProviderCheckout();
  // Adding money is a card payment: not offered while the shop takes none, nor before that is known.
  const cardPayments = useCardPayments();
  const canAddMoney = !cardPayments.isLoading && cardPayments.mode !== 'off';
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = topUpAmount(amount);
    if (value === null) {
      toast.warn(<InvalidAmountToast />);
      return;
    }
    setBusy(true);
    try {
      let order: Awaited<ReturnType<ReturnType<typeof createTopUp>['unwrap']>>;
      try {
        order = await createTopUp({ amount: value }).unwrap();
      } catch (failure) {
        toast.error(errorMessage(failure, WALLET_MSG.paymentError));
        return;
      }
      const outcome = await openCheckout({ ...order, provider: providerOf(order) });
      if (outcome.kind === 'dismissed') {
        toast.info(TEXT.paymentCancelled);
        return;
      }
      if (outcome.kind === 'failed') {
        toast.error(WALLET_MSG.paymentError);
        return;
      }
      try {
        await updateWallet(outcome.result).unwrap();
      } catch (failure) {
        toast.error(
          typeof errorStatus(failure) === 'number'
            ? errorMessage(failure, WALLET_MSG.updateFailed)
            : WALLET_MSG.updateFailed,
        );
        return;
      }
      toast.success(TEXT.topUpDone);
      setAmount('');
      setAdding(false);
      refetch();
    } catch {
      toast.error(WALLET_MSG.paymentError);
    } finally {
      setBusy(false);
    }
  }

  let history: ReactNode;
  if (isLoading) {
    history = <LoadingState text="Loading your wallet…" />;
  } else if (error || !data) {
    history = (
      <LoadFailed message={errorMessage(error, TEXT.loadFailed)} onRetry={() => refetch()} retrying={isFetching} />
    );
  } else if (data.transactions.length === 0) {
    history = <EmptyState title={TEXT.noTransactions} />;
  } else {
    history = (
      <ListGroup variant="flush" as="ul" aria-label="Recent transactions">
        {data.transactions.map((t) => (
          <TransactionRow key={t._id} transaction={t} />
        ))}
      </ListGroup>
    );
  }

  return (
    <div className="mx-auto py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">My Wallet</h1>
      <Card className="shadow-sm border-0 mb-4 text-bg-dark">
        <Card.Body className="p-4">
          <div className="d-flex justify-content-between align-items-start gap-2">
            <div>
              <p className="small text-uppercase mb-1 opacity-75">Wallet balance</p>
              <p className="display-6 fw-semibold mb-1" data-testid="wallet-balance">
                {data ? rupees(data.balance) : '—'}
              </p>
              <p className="mb-0 text-break">{name ?? ''}</p>
            </div>
            <FiCreditCard aria-hidden="true" size={32} />
          </div>
          {adding ? (
            <Form noValidate onSubmit={submit} className="mt-3" aria-label="Add money">
              <RupeeInput
                id="wallet-amount"
                label="Amount"
                labelClassName="small"
                className=""
                min={TOP_UP_RUPEES.min}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder="Enter amount"
                autoFocus
                append={
                  <Button type="submit" variant="light" disabled={busy}>
                    {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                    Submit
                  </Button>
                }
              />
            </Form>
          ) : canAddMoney ? (
            <Button variant="light" className="mt-3" onClick={() => setAdding(true)}>
              <FiPlus aria-hidden="true" className="me-1" />
              Add Money
            </Button>
          ) : null}
        </Card.Body>
      </Card>
      <Card className="shadow-sm border-0">
        <Card.Body>
          <h2 className="h5 mb-3">Recent transactions</h2>
          {history}
        </Card.Body>
      </Card>
      {checkoutDialog}
    </div>
  );
}

function TransactionRow({ transaction: t }: { transaction: WalletTransactionDto }) {
  const credited = t.type === 'Credit';
  return (
    <ListGroup.Item as="li" className="d-flex gap-3 align-items-start px-0">
      <span className={`fs-5 ${credited ? 'text-success' : 'text-danger'}`} aria-hidden="true">
        {credited ? <FiArrowDownLeft /> : <FiArrowUpRight />}
      </span>
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="d-flex justify-content-between gap-2 flex-wrap">
          <Badge bg={credited ? 'success' : 'danger'}>{credited ? 'Credited' : 'Debited'}</Badge>
          <span className={`fw-semibold ${credited ? 'text-success' : 'text-danger'}`}>
            {credited ? '+' : '−'}
            {rupees(t.amount)}
          </span>
        </div>
        <p className="mb-0 mt-1 text-break">{t.description}</p>
        <p className="small text-muted mb-0">{walletDate(t.createdAt)}</p>
      </div>
    </ListGroup.Item>
  );
}
