import { RETURN_WINDOW_DAYS } from '@bagshop/shared/orders';
import { Link } from 'react-router';
import { PolicyFrame } from '../components/policy-frame.tsx';

/** docs/product.md §2.9: cancelling, returning and refunds exactly as the shop does them (§11.3, §11.4). */
export function RefundsPolicyPage() {
  return (
    <PolicyFrame title="Cancellations and refunds">
      {({ seller, paymentWindowMinutes }) => (
        <>
          <h2 className="h5">Cancelling</h2>
          <ul>
            <li>
              You can cancel any bag of an order while it is still Pending — that is, before we ship it — from the
              order's details page, with a short reason. You do not need to cancel the whole order.
            </li>
            <li>Once a bag has shipped it can no longer be cancelled; you can return it after delivery instead.</li>
            <li>
              A card order that is not paid within {paymentWindowMinutes} minutes is cancelled by the shop itself, and
              its bags and any coupon it used are released.
            </li>
          </ul>

          <h2 className="h5">Returning</h2>
          <ul>
            <li>
              You can ask to return a delivered bag within {RETURN_WINDOW_DAYS} days of delivery, from the order's
              details page, telling us why.
            </li>
            <li>
              Please send it back unused, with its tags and packing. We look at every request; if we cannot accept a
              return, we tell you why on the order page and the bag stays yours.
            </li>
          </ul>

          <h2 className="h5">Refunds go to your Bag Shop wallet, at once</h2>
          <ul>
            <li>
              When you cancel a paid bag, or when we approve your return, the refund reaches your{' '}
              <Link to="/wallet">wallet</Link> in the same moment, and the bag goes back into stock. This holds whether
              you paid by card, UPI, wallet or cash on delivery.
            </li>
            <li>
              The refund is exactly what you paid for that bag: its price after offers, less its share of any coupon,
              plus its share of the GST, plus the delivery charge when it is the last bag of the order you keep. The
              refunds of a whole order add up to what you paid.
            </li>
            <li>
              A cancelled cash-on-delivery bag that was not yet paid needs no refund. A returned cash-on-delivery bag
              was paid at the door, so it is refunded to your wallet.
            </li>
            <li>Wallet money can be spent on any later order; each refund is listed with its order in your wallet.</li>
            <li>A coupon used on an order stays used when you cancel or return its bags.</li>
          </ul>

          <h2 className="h5">Refunds to your card</h2>
          <p>
            A card payment that reaches us for an order that no longer waits for it — the order was cancelled, its
            payment window ended, or it had already been paid — is never kept: it goes back to the card or account it
            came from, and the order page says so. Banks usually show such a refund within 5 to 7 working days.
          </p>

          <h2 className="h5">Questions</h2>
          <p>
            Write to <a href={`mailto:${seller.email}`}>{seller.email}</a> with your order number (ORD-…) and we will
            sort it out.
          </p>
        </>
      )}
    </PolicyFrame>
  );
}
