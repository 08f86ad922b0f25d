import { MAX_UNITS_PER_LINE } from '@bagshop/shared/catalogue';
import { COD_LIMIT_PAISE, RETURN_WINDOW_DAYS } from '@bagshop/shared/orders';
import { TAX_PERCENT } from '@bagshop/shared/pricing/cart';
import { formatINR } from '@bagshop/shared/pricing/money';
import { Link } from 'react-router';
import { usePricesIncludeGst } from '../../../api/shop-settings-api.ts';
import { PRIVACY_PATH } from '../../../components/policy-links.ts';
import { PolicyFrame } from '../components/policy-frame.tsx';

/** docs/product.md §2.9: the terms of buying from this shop, as it actually works (§10–§12). */
export function TermsPage() {
  const pricesIncludeGst = usePricesIncludeGst();
  return (
    <PolicyFrame title="Terms and conditions">
      {({ seller, paymentWindowMinutes, referralMonthlyCap }) => (
        <>
          <p>
            These terms apply when you use this shop and buy from {seller.name}, {seller.address} (GSTIN {seller.gstin}
            ). By creating an account or placing an order you accept them and our{' '}
            <Link to={PRIVACY_PATH}>privacy policy</Link>.
          </p>

          <h2 className="h5">1. Your account</h2>
          <p>
            You must be 18 or older, or use the shop with a parent or guardian. Keep your password to yourself; you are
            responsible for what is done with your account. We may block an account that is used for fraud or abuse.
          </p>

          <h2 className="h5">2. Prices and tax</h2>
          <p>
            Prices are in Indian rupees. Offers lower a bag's price between their start and end dates.{' '}
            {pricesIncludeGst
              ? `Listed prices include GST of ${TAX_PERCENT} %`
              : `GST of ${TAX_PERCENT} % of what you pay for a bag after its offer and coupon is added at checkout`}{' '}
            (CGST and SGST for deliveries in {seller.state}, IGST elsewhere); the delivery charge includes its own GST,
            as set out in <Link to="/policies/shipping">Shipping and delivery</Link>. The amount shown at checkout is
            the amount you pay. If a price is plainly wrong, we may cancel the order and refund you in full.
          </p>

          <h2 className="h5">3. Orders</h2>
          <p>
            You can buy up to {MAX_UNITS_PER_LINE} of each bag in one order, while stock lasts. Your order is accepted
            when it is placed: the bags are set aside for you at that moment. A card order must be paid within{' '}
            {paymentWindowMinutes} minutes, or it is cancelled. Cash on delivery is available for orders of up to{' '}
            {formatINR(COD_LIMIT_PAISE)}.
          </p>

          <h2 className="h5">4. Coupons</h2>
          <p>
            One coupon per order. A coupon's code is its name, in any case. Each coupon can be used once per person,
            while it is active and has uses left, on carts that reach its minimum amount after offers; its discount is a
            percentage up to a stated maximum. Coupons have no cash value.
          </p>

          <h2 className="h5">5. Wallet and referrals</h2>
          <p>
            Your wallet holds refunds, top-ups and referral bonuses, and can pay for orders on this shop. It cannot be
            transferred to another person or go below zero. When someone registers with your referral code and verifies
            their email, a referral bonus is added to your wallet, once per person and at most {referralMonthlyCap}{' '}
            times in 30 days; referring yourself or the same person under another address does not count.
          </p>

          <h2 className="h5">6. Cancellations, returns and refunds</h2>
          <p>
            You can cancel a bag before it ships and return it within {RETURN_WINDOW_DAYS} days of delivery, as set out
            in <Link to="/policies/cancellations-and-refunds">Cancellations and refunds</Link>.
          </p>

          <h2 className="h5">7. Reviews and messages</h2>
          <p>
            You may review each bag once. Keep reviews honest and polite; we may remove reviews that are abusive,
            unlawful or not about the bag.
          </p>

          <h2 className="h5">8. Liability</h2>
          <p>
            We are responsible for the bags we sell as the Consumer Protection Act, 2019 provides. We are not liable for
            delays caused by events outside our control, such as floods, strikes or courier outages, though we will tell
            you and help you cancel.
          </p>

          <h2 className="h5">9. Law and disputes</h2>
          <p>
            These terms are governed by the laws of India. Please write to us first; we acknowledge a complaint within
            48 hours and resolve it within one month. Disputes go to the courts of the city of our registered address.
          </p>

          <h2 className="h5">10. Changes</h2>
          <p>
            We may change these terms; the date above shows the last change. An order is governed by the terms of the
            day it was placed.
          </p>
        </>
      )}
    </PolicyFrame>
  );
}
