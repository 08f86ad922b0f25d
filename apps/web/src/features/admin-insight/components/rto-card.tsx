import { INSIGHT_MSG } from '@bagshop/shared/insight-messages';
import type { RtoRate } from '@bagshop/shared/schemas/shipping';
import { useId } from 'react';
import { Card } from 'react-bootstrap';
import { FiCornerUpLeft, FiTruck } from 'react-icons/fi';
import { EmptyState } from '../../../components/load-states.tsx';

const count = new Intl.NumberFormat('en-IN');
const percent = new Intl.NumberFormat('en-IN', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

type Side = RtoRate['cod'];

/** '33.3%'. */
export const rtoPercent = (side: Side) => percent.format(side.rate);
/** '1 of 3 items'. */
export const rtoItems = ({ shipped, returnedToSeller }: Side) =>
  `${count.format(returnedToSeller)} of ${count.format(shipped)} ${shipped === 1 ? 'item' : 'items'}`;

const SIDES = [
  { key: 'cod', label: 'Cash on delivery' },
  { key: 'prepaid', label: 'Prepaid' },
] as const;

/**
 * The period's RTO rate: of the items shipped, how many came back to the shop undelivered, cash on delivery and
 * prepaid side by side (they stay side by side on a phone: two short figures).
 */
export function RtoCard({ rto }: { rto: RtoRate }) {
  const titleId = useId();
  const nothingShipped = rto.cod.shipped === 0 && rto.prepaid.shipped === 0;
  return (
    <Card as="section" className="h-100 border-0 shadow-sm" aria-labelledby={titleId}>
      <Card.Body>
        <div className="d-flex align-items-start gap-3 mb-3">
          <span className="rounded-circle bg-light text-brand p-2 lh-1" aria-hidden="true">
            <FiCornerUpLeft size={20} />
          </span>
          <div>
            <h2 id={titleId} className="h6 mb-1">
              Parcels returned to seller
            </h2>
            <p className="small text-muted mb-0">Items shipped in the period that came back undelivered</p>
          </div>
        </div>
        {nothingShipped ? (
          <EmptyState
            title={INSIGHT_MSG.noShipments}
            icon={<FiTruck className="empty-state-icon" aria-hidden="true" />}
          />
        ) : (
          <dl className="row g-3 mb-0">
            {SIDES.map(({ key, label }) => {
              const side = rto[key];
              return (
                <div key={key} className="col-6" data-testid={`rto-${key}`}>
                  <dt className="text-muted small fw-normal mb-1">{label}</dt>
                  {side.shipped === 0 ? (
                    <dd className="small text-muted mb-0">{INSIGHT_MSG.noShipmentsSide}</dd>
                  ) : (
                    <>
                      <dd className="h4 mb-1">{rtoPercent(side)}</dd>
                      <dd className="small text-muted mb-0">{rtoItems(side)}</dd>
                    </>
                  )}
                </div>
              );
            })}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}
