import { CATALOGUE_MSG as M } from '@bagshop/shared/catalogue-messages';
import { Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { usePriceRoundingQuery, useSetPriceRoundingMutation } from '../../../api/admin-offers-api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { LoadFailed } from '../../../components/load-states.tsx';

/**
 * The shop's setting that rounds prices after offers down to the rupee, above the offers it applies to (off by
 * default; docs/decisions/060-offer-prices-to-the-rupee.md). The switch shows the saved state: it moves when the
 * server has answered, and a failure says so and leaves it where it was.
 */
export function PriceRoundingSwitch() {
  const { data, isLoading, isError, isFetching, refetch } = usePriceRoundingQuery();
  const [save, { isLoading: saving }] = useSetPriceRoundingMutation();

  async function change(roundOfferPrices: boolean) {
    try {
      toast.success((await save({ roundOfferPrices }).unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error, M.roundingFailed));
    }
  }

  if (isError) return <LoadFailed message={M.roundingLoadFailed} onRetry={refetch} retrying={isFetching} />;
  return (
    <Form.Check type="switch" id="price-rounding" className="mb-3">
      <Form.Check.Input
        type="checkbox"
        role="switch"
        checked={data?.roundOfferPrices ?? false}
        disabled={isLoading || saving}
        aria-describedby="price-rounding-hint"
        aria-busy={isLoading || saving}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Form.Check.Label>
        {M.roundingLabel}
        {saving ? <Spinner animation="border" size="sm" className="ms-2" aria-hidden="true" /> : null}
      </Form.Check.Label>
      <Form.Text id="price-rounding-hint" muted className="d-block">
        {M.roundingHint}
      </Form.Text>
    </Form.Check>
  );
}
