import { RESTOCK_MSG } from '@bagshop/shared/restock-messages';
import { Button, Spinner } from 'react-bootstrap';
import { FiBell, FiCheck } from 'react-icons/fi';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';
import {
  useNotifyMeMutation,
  useRestockAlertQuery,
  useStopNotifyingMutation,
} from '../../../api/restock-alerts-api.ts';
import { useIsSignedIn } from '../../../session/session-hooks.ts';

/** "Notify me" under an out-of-stock bag: one mail when it is back; visitors are sent to sign in first. */
export function RestockAlert({ productId }: { productId: string }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useRestockAlertQuery(productId, { skip: !signedIn });
  const [notifyMe, asking] = useNotifyMeMutation();
  const [stopNotifying, stopping] = useStopNotifyingMutation();
  const notifying = Boolean(status.data?.notifying);
  const busy = asking.isLoading || stopping.isLoading || (signedIn && status.isLoading);

  const ask = async () => {
    if (!signedIn) return navigate('/login', { state: { from: location } });
    try {
      toast.success((await notifyMe(productId).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, RESTOCK_MSG.failed));
    }
  };
  const stop = async () => {
    try {
      toast.info((await stopNotifying(productId).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, RESTOCK_MSG.failed));
    }
  };

  return (
    <section className="restock-alert border rounded p-3 mb-3" aria-labelledby="restock-alert-title">
      <h2 id="restock-alert-title" className="visually-hidden">
        Back in stock mail
      </h2>
      <p className="small text-muted mb-2" aria-live="polite">
        {notifying ? RESTOCK_MSG.notifyingHint : RESTOCK_MSG.notifyMeHint}
      </p>
      {notifying ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="badge bg-success fs-6 d-inline-flex align-items-center gap-1">
            <FiCheck aria-hidden="true" /> {RESTOCK_MSG.notifying}
          </span>
          <Button variant="link" size="sm" onClick={stop} disabled={busy}>
            {RESTOCK_MSG.stopNotifying}
          </Button>
        </div>
      ) : (
        <Button variant="outline-brand" onClick={ask} disabled={busy}>
          {busy ? (
            <Spinner size="sm" className="me-2" aria-hidden="true" />
          ) : (
            <FiBell className="me-2" aria-hidden="true" />
          )}
          {RESTOCK_MSG.notifyMe}
        </Button>
      )}
    </section>
  );
}
